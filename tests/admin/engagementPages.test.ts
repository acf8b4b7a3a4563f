// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_ENTITY, type SlideViewFields } from '../../schemas/engagementPaths.ts';
import { listAllViews, VIEW_PAGE_SIZE } from '../../src/admin/engagement/viewRecords.ts';
import { MAX_LIMIT } from '../../src/platform/records/listQuery.ts';
import { createClient, type Base44Client, type EntityHandler } from '../../src/sdk/index.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';

// The console's loading of every SlideView record, with the deck's real client against
// the real local platform: pages of the platform's largest size, asked for in parallel, each
// record once.
let p: TestPlatform;
let client: Base44Client;
const VIEWS = 260;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  const viewer = await registeredUser(p, 'pages@lender.test', 'pages-password-1234');
  const fields = (i: number): SlideViewFields => ({
    visit_id: `visit-${String(i % 7).padStart(4, '0')}`,
    path: i % 2 ? '/market' : '/',
    ms: 1000 + i,
    visit_started_at: '2026-11-24T09:00:00.000Z',
    device: 'desktop',
  });
  const bulk = await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.view}/bulk`, { token: viewer, body: Array.from({ length: VIEWS }, (_, i) => fields(i)) });
  expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
  client = createClient({ serverUrl: p.url, appId: p.appId, storage: null, location: null, history: null });
  await client.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  client?.cleanup();
  await p?.close();
});

/** The real handler, counting the list calls it passes on and the largest number in flight at once. */
function counted(handler: EntityHandler): { handler: EntityHandler; calls: Array<{ limit: number; skip: number }>; peak: () => number } {
  const calls: Array<{ limit: number; skip: number }> = [];
  let inFlight = 0;
  let peak = 0;
  return {
    calls,
    peak: () => peak,
    handler: {
      ...handler,
      list: async (sort, limit, skip, fields) => {
        calls.push({ limit: limit ?? 0, skip: skip ?? 0 });
        peak = Math.max(peak, ++inFlight);
        try {
          return await handler.list(sort, limit, skip, fields);
        } finally {
          inFlight -= 1;
        }
      },
    },
  };
}

describe('listAllViews', () => {
  it("asks for pages of the platform's largest size", () => {
    expect(VIEW_PAGE_SIZE).toBe(MAX_LIMIT);
  });

  it('reads every record once, in parallel waves of pages, until a page comes back short', async () => {
    const { handler, calls, peak } = counted(client.entities[ENGAGEMENT_ENTITY.view]!);
    const records = await listAllViews(handler, 50, 3);
    expect(records).toHaveLength(VIEWS);
    expect(new Set(records.map((record) => record.id)).size).toBe(VIEWS);
    // 260 records in pages of 50: waves of 3 (0-149 full), then (150-299: the sixth page short).
    expect(calls.map((call) => call.skip)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(peak()).toBe(3);
    // Oldest first, with the author the platform stamped.
    expect(records.every((record, i) => i === 0 || records[i - 1]!.created_date <= record.created_date)).toBe(true);
    expect(records[0]).toMatchObject({ created_by: 'pages@lender.test', path: '/', ms: 1000, device: 'desktop' });
  });

  it('takes one wave when everything fits', async () => {
    const { handler, calls } = counted(client.entities[ENGAGEMENT_ENTITY.view]!);
    expect(await listAllViews(handler)).toHaveLength(VIEWS);
    expect(calls).toHaveLength(8);
    expect(calls.every((call) => call.limit === MAX_LIMIT)).toBe(true);
  });
});
