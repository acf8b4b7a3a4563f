import { SlidingWindow } from './slidingWindow.ts';

/**
 * Counts attempts per key in a sliding window, in memory. `reserve` checks the count and takes a
 * place in one synchronous step, so requests that arrive together can never all see "one place
 * left" and all go ahead (issue 9, finding 4): the place is taken before any password is hashed.
 * A restart forgets the counts; the limits slow online guessing against one process.
 */
export class AttemptLimiter {
  private readonly window: SlidingWindow;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.window = new SlidingWindow(windowMs, now);
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.window.recent(key);
    if (recent.length < this.max) return 0;
    const oldest = recent[recent.length - this.max]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Takes one place now and returns 0, or returns the seconds to wait and takes nothing. */
  reserve(key: string): number {
    const wait = this.retryAfterSeconds(key);
    if (wait === 0) this.window.add(key);
    return wait;
  }

  /** Gives back the latest place of a key (the attempt succeeded, so it does not count). */
  refund(key: string): void {
    this.window.dropLatest(key);
  }

  /** Forgets every attempt of a key. */
  reset(key: string): void {
    this.window.clear(key);
  }
}
