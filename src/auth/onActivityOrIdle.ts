// The auth layer reads only the SDK (tests/architecture), so it keeps its own small activity wait
// rather than the deck's onFirstActivity; both listen the same way.

/** Events that say a person is using the page. */
export const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;

/** Calls `run` once: on the first of `events`, or after `idleMs` without any; returns the function that stops waiting. */
export function onActivityOrIdle(events: readonly string[], run: () => void, idleMs: number, target: Window = window): () => void {
  const stop = () => {
    clearTimeout(timer);
    events.forEach((name) => target.removeEventListener(name, fire, { capture: true }));
  };
  function fire() {
    stop();
    run();
  }
  const timer = setTimeout(fire, idleMs);
  events.forEach((name) => target.addEventListener(name, fire, { capture: true, passive: true }));
  return stop;
}
