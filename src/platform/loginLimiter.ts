/** 5 failed sign-ins per email per 15 minutes; the 6th attempt (even with the right password) gets 429. */
export const LOGIN_MAX_FAILURES = 5;
/** The sliding window of the failed-login limit. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts events per key in a sliding window, in memory: failed sign-ins per app + email, and
 * (a second instance) mail-sending requests per app + email. A restart forgets the counts; the limit
 * is about slowing online guessing against one process, which a restart also interrupts.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Records one failed attempt. */
  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  /** Forgets the failures of a key after a successful sign-in. */
  reset(key: string): void {
    this.failures.delete(key);
  }
}
