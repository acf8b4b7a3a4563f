import { Hono } from 'hono';
import type { Db } from '../../db/db.ts';
import type { PlatformContext } from '../platformContext.ts';

/** Where a load balancer or orchestrator asks whether this process should get traffic. */
export const HEALTH_PATH = '/healthz';

/** How long `SELECT 1` may take before the process counts as unable to serve. */
export const HEALTH_DB_TIMEOUT_MS = 2000;

/** What /healthz answers: ok (200), or why this process should get no traffic (503). */
export type HealthStatus = 'ok' | 'unavailable' | 'stopping';

// Whether the database answers a trivial query in time. A query that hangs (pool exhausted, server
// unreachable behind a silent firewall) counts as down as much as one that fails.
async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.query('SELECT 1 AS ok').then(
    (result) => result.rows.length === 1,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET/HEAD HEALTH_PATH (public, outside /api, never cached; mounted at HEALTH_PATH): 200
 * `{status:'ok'}` while the database answers, 503 `{status:'unavailable'}` when it does not (the log
 * says so once per change, the reply gives no detail), 503 `{status:'stopping'}` once shutdown has
 * begun, so the balancer drains this process.
 */
export function healthRoutes(ctx: PlatformContext, stopping: () => boolean): Hono {
  const health = new Hono();
  let last: HealthStatus = 'ok';
  health.get('/', async (c) => {
    let status: HealthStatus = 'stopping';
    if (!stopping()) status = (await databaseAnswers(ctx.db, HEALTH_DB_TIMEOUT_MS)) ? 'ok' : 'unavailable';
    if (status !== last && status !== 'stopping') {
      ctx.log(
        status === 'ok'
          ? '[platform] healthz: the database answers again'
          : `[platform] healthz: the database did not answer SELECT 1 within ${HEALTH_DB_TIMEOUT_MS} ms`,
      );
    }
    last = status;
    return c.json({ status }, status === 'ok' ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return health;
}
