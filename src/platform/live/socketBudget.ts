// How many events one socket may send: a token bucket per socket. A burst of
// thousands of events is dropped at the door, before any handler or query runs, so it cannot hold
// up the process's other work (a 5,000-event burst had delayed /healthz to 1.5 s).

/** Events a socket may send at once. */
export const SOCKET_EVENT_BURST = 60;
/** Events a socket may send per second once its burst is spent. */
export const SOCKET_EVENTS_PER_SECOND = 20;
/** Dropped events within SOCKET_DROP_WINDOW_MS after which the socket is closed rather than answered. */
export const SOCKET_DROPS_BEFORE_CLOSE = 1000;
/** The window in which dropped events are counted. */
export const SOCKET_DROP_WINDOW_MS = 10_000;

/** One socket's bucket; `take` says whether the event at `now` (ms) may go ahead. */
export class EventBudget {
  private tokens: number;
  private at: number;
  private windowStart: number;
  /** Events dropped in the current window of SOCKET_DROP_WINDOW_MS. */
  dropped = 0;

  constructor(
    now: number,
    private readonly burst = SOCKET_EVENT_BURST,
    private readonly perSecond = SOCKET_EVENTS_PER_SECOND,
  ) {
    this.tokens = burst;
    this.at = now;
    this.windowStart = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (now - this.windowStart >= SOCKET_DROP_WINDOW_MS) {
      this.windowStart = now;
      this.dropped = 0;
    }
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.dropped += 1;
    return false;
  }

  /** Whether the socket dropped so many events lately that it is a flood, not a busy page. */
  get flooding(): boolean {
    return this.dropped >= SOCKET_DROPS_BEFORE_CLOSE;
  }
}
