import type { Queryable } from '../db/db.ts';
import type { LimitEvents } from './limitEvents.ts';

/**
 * POST /auth/* calls one client address may have running at once; more are refused before any
 * work. One, not two: scrypt is memory-hard, and on the 2-core test machine a genuine sign-in
 * during a 100-request flood took about 40% less time with one flood hashing beside it than with two.
 */
export const CLIENT_MAX_IN_FLIGHT = 1;
/** Failed password checks a client address may make (over all accounts) in the window before delays start. */
export const CLIENT_FREE_FAILURES = 10;
/** The sliding window of a client address's failures. */
export const CLIENT_WINDOW_MS = 15 * 60 * 1000;
/** The longest delay imposed between two attempts of a failing client address. */
export const CLIENT_MAX_DELAY_MS = 15 * 60 * 1000;

/**
 * Per client address, across every account: at most CLIENT_MAX_IN_FLIGHT calls at a time in this
 * process (the cap guards this process's hashing threads, so it is counted here, in memory), and
 * after CLIENT_FREE_FAILURES failures in the window a delay that doubles with each further failure,
 * from 1 s up to 15 min, counted in the database that every process shares.
 */
export class ClientThrottle {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly events: LimitEvents) {}

  /** The row key a lock must cover for `address`. */
  lockKey(address: string): string {
    return `address:${address}`;
  }

  /** Inside a locked transaction: seconds the address must wait before its next password check, or 0. */
  async backoffIn(tx: Queryable, address: string): Promise<number> {
    const failed = await this.events.recent(tx, this.lockKey(address), CLIENT_WINDOW_MS);
    if (failed.length < CLIENT_FREE_FAILURES) return 0;
    const delay = Math.min(1000 * 2 ** (failed.length - CLIENT_FREE_FAILURES), CLIENT_MAX_DELAY_MS);
    const readyAt = failed[failed.length - 1]! + delay;
    const now = this.events.now();
    return readyAt > now ? Math.max(1, Math.ceil((readyAt - now) / 1000)) : 0;
  }

  /** Seconds the address must wait before its next password check because of its failures, or 0. */
  backoffSeconds(address: string): Promise<number> {
    // Stryker disable next-line ArrayDeclaration: a read, as AttemptLimiter.retryAfterSeconds.
    return this.events.locked([this.lockKey(address)], (tx) => this.backoffIn(tx, address));
  }

  /** True when the address already has CLIENT_MAX_IN_FLIGHT calls running in this process. */
  inFlightFull(address: string): boolean {
    return (this.inFlight.get(address) ?? 0) >= CLIENT_MAX_IN_FLIGHT;
  }

  /** Takes one of the address's slots (call only when inFlightFull said false). */
  enter(address: string): void {
    this.inFlight.set(address, (this.inFlight.get(address) ?? 0) + 1);
  }

  /** Frees a slot. */
  leave(address: string): void {
    const left = (this.inFlight.get(address) ?? 1) - 1;
    // Stryker disable next-line EqualityOperator,ConditionalExpression: an address kept at zero instead of removed answers inFlightFull alike; only the map is larger.
    if (left > 0) this.inFlight.set(address, left);
    else this.inFlight.delete(address);
  }

  /** Counts one failed password check towards the address's delay. */
  fail(address: string): Promise<void> {
    // Stryker disable next-line ArrayDeclaration: one INSERT statement, atomic without the lock.
    return this.events.locked([this.lockKey(address)], (tx) => this.events.add(tx, this.lockKey(address)));
  }
}
