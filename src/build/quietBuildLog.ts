import type { RolldownOptions } from 'rolldown';

// What the bundler may say that is about how it split our own code, not about the deck: an owner
// running `npm start` cannot act on it, and a line they cannot act on hides the one they can (a
// broken slide, a sample value). Every other notice is printed as the bundler writes it.

/** The notices left unprinted, by the bundler's code for them. */
export const NOTICES_NOT_ABOUT_THE_DECK: ReadonlySet<string> = new Set([
  // The deck's 404 page is loaded lazily in the browser and eagerly by the prerender's entry: both on purpose.
  'INEFFECTIVE_DYNAMIC_IMPORT',
]);

/** The bundler's `onLog`, passing on every notice but those above. */
export const quietBuildLog: NonNullable<RolldownOptions['onLog']> = (level, log, handler) => {
  if (log.code && NOTICES_NOT_ABOUT_THE_DECK.has(log.code)) return;
  handler(level, log);
};
