import type { Server as HttpServer } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** How long requests in flight may take to finish once shutdown begins, before they are cut. */
export const DRAIN_DEADLINE_MS = 10_000;

/** How an HTTP server's drain ended: every request finished, or the deadline cut the rest. */
export interface DrainResult {
  forced: boolean;
  /** Milliseconds from the start of the drain until the last connection closed. */
  ms: number;
}

/**
 * Stops `server` taking connections (idle kept-alive ones close at once), runs `closeSockets` (the
 * socket.io server: its clients reconnect to another process), then waits for the requests in
 * flight until `deadlineMs`, after which the remaining connections are cut.
 */
export async function drainHttp(server: HttpServer, closeSockets: () => Promise<void>, deadlineMs = DRAIN_DEADLINE_MS): Promise<DrainResult> {
  const started = Date.now();
  // Node's close() refuses new connections and closes idle ones; busy ones close once their reply
  // is out (closeWhileStopping marks those replies Connection: close). It may already be closed.
  const drained = new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  try {
    await Promise.race([closeSockets(), deadline]);
    const forced = (await Promise.race([drained.then(() => 'done' as const), deadline])) === 'late';
    if (forced) {
      server.closeAllConnections();
      await drained;
    }
    return { forced, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Once shutdown has begun (`stopping`), every reply closes its connection, so kept-alive clients move on. */
export function closeWhileStopping(stopping: () => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (stopping()) c.header('Connection', 'close');
  };
}
