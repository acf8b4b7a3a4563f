/** What ReportRate.take answers. */
export interface ReportGrant {
  /** Whether this report fits in the current window (it is then counted). */
  granted: boolean;
  /** Seconds until the window ends and counting starts again. */
  retryAfterSeconds: number;
  /** Set on the first refusal of a window, for this address or for everyone: when to say so in the log, once. */
  firstRefusal?: 'address' | 'overall';
}

/**
 * Counts reports in fixed windows, per client address and over all addresses, in this process's
 * memory: reports only feed the log, so a limit per process is enough to keep a flood out of it.
 * The map holds only addresses granted something in the current window, so it never grows past
 * `overall` entries.
 */
export class ReportRate {
  private windowStart = Number.NEGATIVE_INFINITY;
  private total = 0;
  private overallTold = false;
  private readonly counts = new Map<string, { count: number; told: boolean }>();

  constructor(
    private readonly perAddress: number,
    private readonly overall: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one report from `address` if it fits. */
  take(address: string): ReportGrant {
    const now = this.now();
    if (now >= this.windowStart + this.windowMs) {
      this.windowStart = now;
      this.total = 0;
      this.overallTold = false;
      this.counts.clear();
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
    const entry = this.counts.get(address);
    if (this.total >= this.overall) {
      const first = !this.overallTold;
      this.overallTold = true;
      return { granted: false, retryAfterSeconds, ...(first && { firstRefusal: 'overall' as const }) };
    }
    if (entry && entry.count >= this.perAddress) {
      const first = !entry.told;
      entry.told = true;
      return { granted: false, retryAfterSeconds, ...(first && { firstRefusal: 'address' as const }) };
    }
    this.counts.set(address, { count: (entry?.count ?? 0) + 1, told: false });
    this.total += 1;
    return { granted: true, retryAfterSeconds };
  }
}
