import { ACTIVE_WINDOW_MS } from '../../schemas/engagementPaths.ts';

/** Milliseconds counted on one slide since the last take. */
export interface SlideTime {
  path: string;
  ms: number;
}

/** Counts time per slide: only while the tab is visible, on a slide, and the last input is at most ACTIVE_WINDOW_MS old. */
export interface SlideTimer {
  /** The viewer did something (key, pointer, touch, scroll). */
  input(): void;
  /** The viewer arrived on `path` (null off the deck: nothing counts); arriving is activity too. */
  show(path: string | null): void;
  /** The tab became visible (activity: the viewer came back) or hidden (the count pauses). */
  visible(visible: boolean): void;
  /** The time counted since the last take, per slide, then forgotten. */
  take(): SlideTime[];
  /** The instant of the last input, on the injected clock. */
  lastInput(): number;
}

/** A slide timer on the clock `now` (injected, so tests move time by hand). */
export function createSlideTimer(now: () => number): SlideTimer {
  let path: string | null = null;
  let shown = true;
  let lastInput = now();
  let countedTo = lastInput;
  const pending = new Map<string, number>();

  // Counts the time between countedTo and now that was active, then moves countedTo to now.
  const settle = () => {
    const at = now();
    const end = Math.min(at, lastInput + ACTIVE_WINDOW_MS);
    if (path !== null && shown && end > countedTo) pending.set(path, (pending.get(path) ?? 0) + end - countedTo);
    countedTo = Math.max(countedTo, at);
  };
  const touch = () => {
    settle();
    lastInput = now();
  };

  return {
    input() {
      // Within the window nothing before this instant changes; only a lapsed window must be closed first.
      if (now() - lastInput > ACTIVE_WINDOW_MS) settle();
      lastInput = now();
    },
    show(next) {
      touch();
      path = next;
    },
    visible(next) {
      settle();
      shown = next;
      if (next) lastInput = now();
    },
    take() {
      settle();
      const times = [...pending].map(([slide, ms]) => ({ path: slide, ms }));
      pending.clear();
      return times;
    },
    lastInput: () => lastInput,
  };
}
