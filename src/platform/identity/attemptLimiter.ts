import type { Queryable } from '../db/db.ts';
import type { LimitEvents } from './limitEvents.ts';

/** "3 h 12 min", "14 min", "40 s": when a refused caller may try again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/**
 * Counts attempts per key in a sliding window, in the database (limitEvents.ts). `reserve` checks
 * the count and takes a place in one locked transaction, so requests that arrive together, at one
 * process or several, can never all see "one place left" and all go ahead:
 * the place is taken before any password is hashed. `name` keeps each limiter's keys apart.
 */
export class AttemptLimiter {
  constructor(
    private readonly events: LimitEvents,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private stored(key: string): string {
    return `${this.name}:${key}`;
  }

  /** The row key a lock must cover for `key` (callers that combine limits lock them all at once). */
  lockKey(key: string): string {
    return this.stored(key);
  }

  /**
   * Inside a locked transaction: seconds until the key may make `count` attempts, or 0 when it may
   * now. More than `max` at once never fit: the whole window is the answer then.
   */
  async waitIn(tx: Queryable, key: string, count = 1): Promise<number> {
    const recent = await this.events.recent(tx, this.stored(key), this.windowMs);
    const over = recent.length + count - this.max;
    if (over <= 0) return 0;
    if (count > this.max) return Math.ceil(this.windowMs / 1000);
    const freesLast = recent[over - 1]!;
    return Math.max(1, Math.ceil((freesLast + this.windowMs - this.events.now()) / 1000));
  }

  /** Inside a locked transaction: records `count` attempts now. */
  takeIn(tx: Queryable, key: string, count = 1): Promise<void> {
    return this.events.add(tx, this.stored(key), count);
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): Promise<number> {
    // Stryker disable next-line ArrayDeclaration: a read: locked, it answers after a reservation in flight; unlocked, before it. Both are the wait at an instant of the call.
    return this.events.locked([this.stored(key)], (tx) => this.waitIn(tx, key));
  }

  /** Takes `count` places now and returns 0, or returns the seconds to wait and takes nothing. */
  reserve(key: string, count = 1): Promise<number> {
    return this.events.locked([this.stored(key)], async (tx) => {
      const wait = await this.waitIn(tx, key, count);
      if (wait === 0) await this.takeIn(tx, key, count);
      return wait;
    });
  }

  /** Gives back the latest place of a key (the attempt succeeded, so it does not count). */
  refund(key: string): Promise<void> {
    return this.events.locked([this.stored(key)], (tx) => this.events.dropLatest(tx, this.stored(key)));
  }

  /** Forgets every attempt of a key. */
  reset(key: string): Promise<void> {
    // Stryker disable next-line ArrayDeclaration: one DELETE statement, atomic without the lock.
    return this.events.locked([this.stored(key)], (tx) => this.events.clear(tx, this.stored(key)));
  }
}
