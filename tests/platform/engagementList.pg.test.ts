import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { entityDocuments } from '../../src/platform/records/entitiesStore.ts';
import { listSql, MAX_LIMIT, parseListParams } from '../../src/platform/records/listQuery.ts';
import type { Queryable } from '../../src/platform/db/db.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { preparedDatabase } from './testDatabase.ts';

// The console reads every SlideView of 200 viewers × 17 slides × 10 visits (34,000 records) in
// pages of MAX_LIMIT, newest first, through the real list route. The records are created through
// the bulk route, as pages send them, so the planner statistics it keeps (plannerStats.ts) are
// the ones a real deck would have.

const RECORDS = 200 * 17 * 10;
let p: TestPlatform;
let admin: string;
let seedMs = 0;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  // An admin reading the deck: their records go through the same bulk route, and no viewer's write
  // rate (2,000 an hour, entityAccess.ts) holds up a seed of 34,000.
  await p.call('POST', '/users/invite-user', { token: admin, body: { user_email: 'viewer@fund.example', role: 'admin' } });
  const viewer = await registeredUser(p, 'viewer@fund.example', 'user-password-1', false);
  const started = performance.now();
  for (let first = 0; first < RECORDS; first += MAX_LIMIT) {
    const batch = Array.from({ length: Math.min(MAX_LIMIT, RECORDS - first) }, (_, i) => {
      const n = first + i;
      return {
        visit_id: `visit-${String(Math.floor(n / 17)).padStart(6, '0')}`,
        path: `/slide-${n % 17}`,
        ms: n,
        visit_started_at: new Date(Date.UTC(2026, 10, 1) + Math.floor(n / 17) * 60_000).toISOString(),
        device: 'desktop',
      };
    });
    const reply = await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.view}/bulk`, { token: viewer, body: batch });
    if (reply.status !== 200) throw new Error(`bulk: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  seedMs = performance.now() - started;
}, 180_000);
afterAll(async () => {
  await p?.close();
});

describe('listing 34,000 SlideView records', () => {
  it('pages through all of them newest first, each once', async () => {
    const started = performance.now();
    const pages: number[] = [];
    const seen: Array<Record<string, unknown>> = [];
    for (let skip = 0; ; skip += MAX_LIMIT) {
      const pageStarted = performance.now();
      const reply = await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.view}?sort=-created_date&limit=${MAX_LIMIT}&skip=${skip}`, { token: admin });
      pages.push(Math.round(performance.now() - pageStarted));
      expect(reply.status).toBe(200);
      seen.push(...reply.body);
      if (reply.body.length < MAX_LIMIT) break;
    }
    const took = performance.now() - started;
    console.log(`[engagement] created ${RECORDS} SlideView records in bulks of ${MAX_LIMIT}: ${seedMs.toFixed(0)} ms`);
    console.log(
      `[engagement] listed ${seen.length} SlideView records in ${pages.length} pages of ${MAX_LIMIT}: ${took.toFixed(0)} ms (pages ${pages.join(', ')} ms)`,
    );
    expect(seen).toHaveLength(RECORDS);
    expect(new Set(seen.map((r) => r.id)).size).toBe(RECORDS);
    // Newest first; a bulk's records share their millisecond and follow insertion order backwards.
    expect(seen[0]!.ms).toBe(RECORDS - 1);
    expect(seen.at(-1)!.ms).toBe(0);
    // No deadline here (a shared 2-core machine varies threefold): what keeps it short is the plan,
    // which the next test checks, and the time is `npm run bench`'s (the console part).
  });

  it('reads each page from the created_date index in either direction, never sorting the whole entity', async () => {
    for (const sort of ['-created_date', 'created_date']) {
      for (const skip of ['0', '30000']) {
        const { sql, values } = listSql(entityDocuments(p.appId, ENGAGEMENT_ENTITY.view), parseListParams({ sort, skip }));
        const plan = (await p.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan, `${sort} skip ${skip}`).toMatch(/Index Scan( Backward)? using entities_created_date_(desc|asc)/);
        expect(plan, `${sort} skip ${skip}`).not.toMatch(/\bSort\b/);
      }
    }
  });

  it('are analysed at start when an older database holds records it never analysed', async () => {
    // Records stored by SQL, as an older platform (before migration 5 and plannerStats) left them.
    const analysed = (db: Queryable) =>
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'entities'`).then((r) => r.rows[0]!.n);
    const older = await preparedDatabase(async (db) => {
      await db.query(`INSERT INTO apps (id, visibility, created_date) VALUES ('testapp', 'private_with_login', '2026-11-01T00:00:00.000Z')`);
      await db.query(
        `INSERT INTO entities (app_id, entity, id, data) SELECT 'testapp', $1, 'v' || n, jsonb_build_object('id', 'v' || n, 'created_date', '2026-11-01T00:00:00.000Z')
         FROM generate_series(1, 500) AS n`,
        [ENGAGEMENT_ENTITY.view],
      );
      expect(await analysed(db)).toBe(0);
    });
    const restarted = await startTestPlatform('private_with_login', older);
    try {
      expect(await analysed(restarted.db)).toBeGreaterThan(0);
    } finally {
      await restarted.close();
    }
  });
});
