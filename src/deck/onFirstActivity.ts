/** Events that say a person is using the page (and so may move through the deck soon). */
export const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;

/** Calls `run` once, on the first of `events` at `target`; returns the function that stops waiting. */
export function onFirstActivity(events: readonly string[], run: () => void, target: Window = window): () => void {
  const stop = () => events.forEach((name) => target.removeEventListener(name, fire, { capture: true }));
  function fire() {
    stop();
    run();
  }
  events.forEach((name) => target.addEventListener(name, fire, { capture: true, passive: true }));
  return stop;
}
