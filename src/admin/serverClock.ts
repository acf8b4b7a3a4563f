// The console's clock is the server's. Every time it shows ("invited 3 minutes ago") was
// written by the server's clock, so a laptop whose clock runs two minutes ahead read "2 minutes
// ago" for what just happened, and one behind read "in 2 minutes". The console asks the server
// once what time it is (the Date header of a tiny request) and counts from there.

/** A small public file every host of the deck serves; only its Date header is read. */
export const CLOCK_PROBE_PATH = '/robots.txt';

let offsetMs = 0;
let measuring: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * How far the server's clock is ahead of this one (negative: behind), from a reply's Date header
 * and the moments the request left and the reply arrived. The header counts whole seconds, so the
 * server read its clock somewhere in the second it names: the middle of that second is the guess,
 * set against the middle of the round trip. Null without a usable header.
 */
export function serverOffset(dateHeader: string | null, sentAt: number, receivedAt: number): number | null {
  const date = Date.parse(dateHeader ?? '');
  if (Number.isNaN(date)) return null;
  return date + 500 - (sentAt + receivedAt) / 2;
}

/** Now by the server's clock, as far as this page knows it (this browser's clock until it has asked). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * Asks the server its time once per page (later calls share the answer) and tells every subscriber
 * when it is known. A failed request leaves the browser's clock in place.
 */
export function syncServerClock(fetcher: typeof fetch = globalThis.fetch): Promise<void> {
  measuring ??= (async () => {
    try {
      const sentAt = Date.now();
      const reply = await fetcher(CLOCK_PROBE_PATH, { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
      const offset = serverOffset(reply.headers.get('date'), sentAt, Date.now());
      if (offset === null) return;
      offsetMs = offset;
      listeners.forEach((listener) => listener());
    } catch {
      // Offline for a moment: times read by this browser's clock, as before.
    }
  })();
  return measuring;
}

/** Runs `listener` once the server's time is known; returns the unsubscribe. */
export function onServerClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
