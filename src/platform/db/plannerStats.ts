import type { Context } from 'hono';
import type { Db } from './db.ts';
import type { AfterReply } from '../core/context.ts';

// PGlite runs no autovacuum, so the planner's row counts stay what they were at the last ANALYZE.
// Without them it guesses that an entity holds a couple of rows, sorts all 34,000 SlideView
// records for every page of a list, and ignores the created_date indexes (migration 5). Like
// autovacuum's default (50 rows + 10 % of the table), the entities table is analysed again after
// the reply of a create that has brought that many new rows since the last time.

interface Counts {
  rowsAtLastAnalyze: number;
  insertedSince: number;
}

const counts = new WeakMap<Db, Counts>();

/** Notes `rows` new entity records and, past the threshold, queues ANALYZE after `c`'s reply. */
export function noteInsertedRecords(ctx: { db: Db; afterReply: AfterReply }, c: Context, rows: number): void {
  const state = counts.get(ctx.db) ?? { rowsAtLastAnalyze: 0, insertedSince: 0 };
  counts.set(ctx.db, state);
  state.insertedSince += rows;
  if (state.insertedSince < 50 + state.rowsAtLastAnalyze / 10) return;
  state.insertedSince = 0;
  ctx.afterReply.add(c, 'ANALYZE entities', async () => {
    await ctx.db.exec('ANALYZE entities');
    const total = await ctx.db.query<{ n: number }>('SELECT reltuples::int AS n FROM pg_class WHERE relname = $1', ['entities']);
    state.rowsAtLastAnalyze = Math.max(total.rows[0]?.n ?? 0, 0);
  });
}

/**
 * At start: ANALYZE a records table that holds rows but has never been analysed (a database from
 * before migration 5), so its lists use the created_date indexes from the first request on.
 */
export async function analyzeIfNeverAnalyzed(db: Db): Promise<void> {
  const state = await db.query<{ analysed: boolean; rows: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_stats WHERE tablename = 'entities') AS analysed, EXISTS (SELECT 1 FROM entities) AS rows`,
  );
  if (state.rows[0]?.rows && !state.rows[0].analysed) await db.exec('ANALYZE entities');
}
