import { describeScreens } from './screenRunner.ts';
import { SCREENS } from './screenList.ts';

// Every screen but the deck's pages: the presenter view, dialogs and notices, view as, the console,
// the sign-in, invitation, error and ended-access pages, and the mails.
describeScreens(
  'every other screen',
  'other',
  SCREENS.filter((screen) => !screen.name.startsWith('page ') && !screen.name.startsWith('present ')),
);
