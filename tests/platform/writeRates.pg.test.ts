import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/platform/identity/access.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { AttemptLimiter } from '../../src/platform/identity/attemptLimiter.ts';
import { LimitEvents } from '../../src/platform/identity/limitEvents.ts';
import { waitText } from '../../src/platform/identity/attemptLimiter.ts';
import { WriteRates } from '../../src/platform/records/writeRates.ts';
import { DEFAULT_RULE, ENTITY_ACCESS, type EntityRule } from '../../src/platform/records/entityAccess.ts';
import { person } from './callers.ts';
import { dropTestDatabase, testDatabase } from './testDatabase.ts';
import { openPlatformDatabase } from '../../src/platform/platformSchema.ts';

// The access table's rates, enforced (writeRates.ts), against this run's database with a clock the
// test moves: who is counted, under which key, and the exact 429 a refused writer reads.

const HOUR = 3_600_000;
let db: Db;
let location: Awaited<ReturnType<typeof testDatabase>>;
let now = Date.parse('2026-06-01T12:00:00Z');
let rates: WriteRates;

const rule = (max: number, windowMs: number, what: string): EntityRule => ({ ...DEFAULT_RULE, rate: { max, windowMs, what } });
const eventRows = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM limit_events')).rows[0]!.n);

/** The 429 (or 403) a reservation threw, or null when it went through. */
async function refusal(reserve: Promise<void>) {
  try {
    await reserve;
    return null;
  } catch (error) {
    const { status, body, headers } = error as {
      status: number;
      body: { detail: string; code: string; extra_data?: unknown };
      headers: Record<string, string>;
    };
    return { status, code: body.code, detail: body.detail, extra: body.extra_data, headers };
  }
}

beforeAll(async () => {
  location = await testDatabase();
  db = await openPlatformDatabase(location);
  rates = new WriteRates(new LimitEvents(db, () => now));
});
afterAll(async () => {
  await db?.close();
  await dropTestDatabase(location);
});

describe('WriteRates', () => {
  it("refuses a viewer's write beyond the rate with a 429 that says when, counting by person", async () => {
    const notes = rule(3, HOUR, 'notes');
    for (let i = 0; i < 3; i++) expect(await refusal(rates.reserve('app', 'Note', notes, person('v1'), '10.0.0.1', 1))).toBeNull();
    expect(await refusal(rates.reserve('app', 'Note', notes, person('v1'), '10.0.0.1', 1))).toEqual({
      status: 429,
      code: 'rate_limited',
      detail: 'Note: at most 3 notes per 1 h for each person; try again in 1 h',
      extra: { retry_after: 3600 },
      headers: { 'Retry-After': '3600' },
    });
    // Half an hour on, the oldest place is still taken: the wait says so.
    now += HOUR / 2;
    expect((await refusal(rates.reserve('app', 'Note', notes, person('v1'), '10.0.0.1', 1)))?.detail).toBe(
      'Note: at most 3 notes per 1 h for each person; try again in 30 min',
    );
    // Another person, another entity and another app each have places of their own.
    expect(await refusal(rates.reserve('app', 'Note', notes, person('v2'), '10.0.0.1', 1)), 'people share one count').toBeNull();
    expect(await refusal(rates.reserve('app', 'Memo', notes, person('v1'), '10.0.0.1', 1)), 'entities share one count').toBeNull();
    expect(await refusal(rates.reserve('other', 'Note', notes, person('v1'), '10.0.0.1', 1)), 'apps share one count').toBeNull();
  });

  it('counts callers without an account by address', async () => {
    const asks = rule(1, 30 * 60_000, 'asks');
    const anonymous: Caller = { kind: 'anonymous' };
    expect(await refusal(rates.reserve('app', 'Ask', asks, anonymous, '10.0.0.7', 1))).toBeNull();
    expect((await refusal(rates.reserve('app', 'Ask', asks, anonymous, '10.0.0.7', 1)))?.detail).toBe(
      'Ask: at most 1 asks per 30 min for each person; try again in 30 min',
    );
    expect(await refusal(rates.reserve('app', 'Ask', asks, anonymous, '10.0.0.8', 1)), 'two addresses share one count').toBeNull();
  });

  it('says "send fewer at once" when one call asks more than the whole rate', async () => {
    expect(await refusal(rates.reserve('app', 'Bulk', rule(5, 90 * 60_000, 'rows'), person('v3'), '-', 6))).toMatchObject({
      status: 429,
      detail: 'Bulk: at most 5 rows per 90 min; send fewer at once',
    });
  });

  it('counts no admin and no service role, and no write of nothing', async () => {
    const before = await eventRows();
    const one = rule(1, HOUR, 'things');
    for (const caller of [person('boss', 'admin'), { kind: 'service' } as Caller]) {
      for (let i = 0; i < 3; i++) expect(await refusal(rates.reserve('app', 'Thing', one, caller, '-', 1))).toBeNull();
    }
    expect(await refusal(rates.reserve('app', 'Thing', one, person('v4'), '-', 0))).toBeNull();
    expect(await refusal(rates.reserve('app', 'Outbox', { ...one, rate: null }, person('v4'), '-', 0)), 'a write of nothing refused').toBeNull();
    expect(await eventRows(), 'an uncounted write took a place').toBe(before);
  });

  it('refuses every viewer write of an entity whose rule has no rate (403), but lets an admin write it', async () => {
    const closed: EntityRule = { ...DEFAULT_RULE, rate: null };
    expect(await refusal(rates.reserve('app', 'Outbox', closed, person('v5'), '-', 1))).toMatchObject({
      status: 403,
      code: 'forbidden',
      detail: 'You may not write Outbox records',
    });
    expect(await refusal(rates.reserve('app', 'Outbox', closed, person('boss', 'admin'), '-', 1))).toBeNull();
  });

  // The check and the taking of a place are one locked transaction (attemptLimiter.ts). PGlite runs
  // every transaction alone, so this tells a dropped lock only on Postgres (project node-postgres),
  // where parallel calls without it each see places left and all go ahead.
  it('parallel writes beyond the rate: exactly the rate goes through, the rest are refused', async () => {
    const bursts = rule(5, HOUR, 'bursts');
    const refusals = await Promise.all(Array.from({ length: 30 }, () => refusal(rates.reserve('app', 'Burst', bursts, person('v9'), '10.0.0.9', 1))));
    expect(refusals.filter((r) => r === null).length, 'writes that went through: more than the rate means the lock was not taken').toBe(5);
    expect(refusals.filter((r) => r?.status === 429)).toHaveLength(25);
  });

  it('parallel refunds each give back a place (on Postgres, without the lock two could drop the same one)', async () => {
    const limiter = new AttemptLimiter(new LimitEvents(db, () => now), 'refunds', 10, HOUR);
    for (let i = 0; i < 10; i++) expect(await limiter.reserve('k')).toBe(0);
    await Promise.all(Array.from({ length: 4 }, () => limiter.refund('k')));
    const again = await Promise.all(Array.from({ length: 6 }, () => limiter.reserve('k')));
    expect(again.filter((wait) => wait === 0).length, 'places the four refunds gave back').toBe(4);
  });
});

describe('every rate of the access table, at its 0 and at its limit', () => {
  const rated = Object.entries({ ...ENTITY_ACCESS, '(any other entity)': DEFAULT_RULE }).filter(([, rule]) => rule.rate !== null);

  it.each(rated)(
    '%s: nothing written counts nothing, the last place goes through, one more waits the window, and the window gives them back',
    async (entity, rule) => {
      const { max, windowMs } = rule.rate!;
      const writer = person(`edge-${entity}`);
      const write = (count: number, who = writer) => refusal(rates.reserve('edges', entity, rule, who, '-', count));
      const before = await eventRows();
      expect(await write(0), `${entity}: a write of nothing`).toBeNull();
      expect(await eventRows(), `${entity}: a write of nothing took a place`).toBe(before);
      if (max > 1) expect(await write(max - 1), `${entity}: ${max - 1} of ${max}`).toBeNull();
      expect(await write(1), `${entity}: the last of its ${max} places must go through`).toBeNull();
      const refused = await write(1);
      expect(refused?.status, `${entity}: write ${max + 1} within the window must be refused`).toBe(429);
      expect(refused?.headers, `${entity}: the wait after ${max} writes at one instant is the whole window`).toEqual({
        'Retry-After': String(windowMs / 1000),
      });
      // One call asking for more than the whole rate can never fit: it says so, whoever asks.
      expect((await write(max + 1, person(`bulk-${entity}`)))?.detail, `${entity}: ${max + 1} at once`).toMatch(/; send fewer at once$/);
      now += windowMs;
      expect(await write(1), `${entity}: a place back once the window has passed`).toBeNull();
    },
  );
});

describe('waitText', () => {
  it('seconds under a minute, minutes rounded up under an hour, then hours and minutes', () => {
    expect([0, 59, 60, 61, 3599, 3600, 3660, 11_520, 7200].map(waitText)).toEqual([
      '0 s',
      '59 s',
      '1 min',
      '2 min',
      '1 h',
      '1 h',
      '1 h 1 min',
      '3 h 12 min',
      '2 h',
    ]);
  });
});
