/** Password checks one client address may have running at once; more are refused before hashing. */
export const CLIENT_MAX_IN_FLIGHT = 2;
/** Failed password checks a client address may make (over all accounts) in the window before delays start. */
export const CLIENT_FREE_FAILURES = 10;
/** The sliding window of a client address's failures. */
export const CLIENT_WINDOW_MS = 15 * 60 * 1000;
/** The longest delay imposed between two attempts of a failing client address. */
export const CLIENT_MAX_DELAY_MS = 15 * 60 * 1000;

/**
 * Per client address, across every account: at most CLIENT_MAX_IN_FLIGHT password checks at a time
 * (so one client's flood takes at most that many of the hashing threads and others still get theirs),
 * and after CLIENT_FREE_FAILURES failures in the window a delay that doubles with each further
 * failure, from 1 s up to 15 min (issue 9, finding 5).
 */
export class ClientThrottle {
  private readonly inFlight = new Map<string, number>();
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recentFailures(address: string): number[] {
    const since = this.now() - CLIENT_WINDOW_MS;
    const kept = (this.failures.get(address) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(address);
    else this.failures.set(address, kept);
    return kept;
  }

  /** Seconds the address must wait before its next password check, or 0. */
  retryAfterSeconds(address: string): number {
    const failed = this.recentFailures(address);
    if (failed.length >= CLIENT_FREE_FAILURES) {
      const delay = Math.min(1000 * 2 ** (failed.length - CLIENT_FREE_FAILURES), CLIENT_MAX_DELAY_MS);
      const readyAt = failed[failed.length - 1]! + delay;
      if (readyAt > this.now()) return Math.max(1, Math.ceil((readyAt - this.now()) / 1000));
    }
    return this.inFlightFull(address) ? 1 : 0;
  }

  /** True when the address already has CLIENT_MAX_IN_FLIGHT checks running. */
  inFlightFull(address: string): boolean {
    return (this.inFlight.get(address) ?? 0) >= CLIENT_MAX_IN_FLIGHT;
  }

  /** Takes a slot for one password check (call only when retryAfterSeconds said 0). */
  enter(address: string): void {
    this.inFlight.set(address, (this.inFlight.get(address) ?? 0) + 1);
  }

  /** Frees the slot; a failed check counts towards the address's delay. */
  leave(address: string, failed: boolean): void {
    const left = (this.inFlight.get(address) ?? 1) - 1;
    if (left > 0) this.inFlight.set(address, left);
    else this.inFlight.delete(address);
    if (failed) this.failures.set(address, [...this.recentFailures(address), this.now()]);
  }
}
