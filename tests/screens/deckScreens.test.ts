import { describeScreens } from './screenRunner.ts';
import { SCREENS } from './screenList.ts';

// The deck's pages, in the reading view and in present mode (the rest: otherScreens.test.ts; two
// files, so vitest runs them beside each other).
describeScreens(
  'every deck page',
  'deck',
  SCREENS.filter((screen) => screen.name.startsWith('page ') || screen.name.startsWith('present ')),
);
