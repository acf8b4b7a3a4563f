/**
 * Times of events per key within the last `windowMs`, in memory: the one bookkeeping both the
 * attempt limits (attemptLimiter.ts) and the per-address back-off (clientThrottle.ts) need.
 */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key's event times still inside the window, oldest first (dead keys are dropped). */
  recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.events.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.events.delete(key);
    else this.events.set(key, kept);
    return kept;
  }

  /** Records one event now. */
  add(key: string): void {
    this.events.set(key, [...this.recent(key), this.now()]);
    // Keys of addresses nobody asks about again would pile up; drop the dead ones now and then.
    if (this.events.size > 50_000) for (const other of [...this.events.keys()]) this.recent(other);
  }

  /** Takes back the key's latest event. */
  dropLatest(key: string): void {
    const recent = this.recent(key);
    recent.pop();
    if (recent.length === 0) this.events.delete(key);
  }

  /** Forgets every event of a key. */
  clear(key: string): void {
    this.events.delete(key);
  }
}
