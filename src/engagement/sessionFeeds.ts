// What an admitted session loads at once for engagement, as one chunk after the gate lets the viewer
// in (never on the standalone deck): the deck options' feed and the presence reporter.
export { followDeckOptions } from './deckOptionsFeed.ts';
export { currentDevice } from './device.ts';
export { startPresence, type PresenceReporter } from './presenceReporter.ts';
