import { onFirstActivity } from '../deck/onFirstActivity.ts';
// Lives beside the guard, not in the deck's module, so it ships in the lazily loaded session chunk.

/** Calls `run` once: on the first of `events`, or after `idleMs` without any; returns the function that stops waiting. */
export function onActivityOrIdle(events: readonly string[], run: () => void, idleMs: number, target: Window = window): () => void {
  const timer = setTimeout(() => {
    stopActivity();
    run();
  }, idleMs);
  const stopActivity = onFirstActivity(
    events,
    () => {
      clearTimeout(timer);
      run();
    },
    target,
  );
  return () => {
    clearTimeout(timer);
    stopActivity();
  };
}
