import { expect } from 'vitest';
import { ENGAGEMENT_ENTITY, type SlideViewFields } from '../../schemas/engagementPaths.ts';
import type { SlideRef } from '../../src/admin/engagement/engagement.ts';
import type { TestPlatform } from './harness.ts';

// SlideView records for the tally's tests (tests/platform/engagementTally.pg.test.ts, tests/admin/viewTally.test.ts).

/** A deck of three slides and the appendix, as the console's registry gives it. */
export const TALLY_SLIDES: SlideRef[] = [
  { path: '/', label: 'Cover', order: 1 },
  { path: '/market', label: 'Market', order: 2 },
  { path: '/problem', label: 'Problem', order: 3 },
  { path: '/coretechnology', label: 'Core technology', order: null },
];

/** A visit id as the recorder makes them (8 to 64 letters, digits and -). */
export const visitId = (short: string) => `visit-${short}-0000`;

/** The fields a viewer's page sends for one record. */
export function viewFields(
  visit: string,
  path: string,
  ms: number,
  device: SlideViewFields['device'] = 'desktop',
  started = '2026-11-24T09:00:00.000Z',
): SlideViewFields {
  return { visit_id: visitId(visit), path, ms, visit_started_at: started, device };
}

/** Sends records as the viewer whose token is given (the bulk route a page's flush uses); their ids. */
export async function sendViews(p: TestPlatform, token: string, records: SlideViewFields[]): Promise<string[]> {
  const reply = await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.view}/bulk`, { token, body: records });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as Array<{ id: string }>).map((record) => record.id);
}

/**
 * Two viewers' records: two flushes of one visit and slide; a visit that moved from a phone to a
 * desktop; a slide the registry does not know; the appendix; a zero. 8 records, 7 cells, 3 visits.
 */
export async function sendSampleViews(p: TestPlatform, ada: string, bob: string): Promise<void> {
  await sendViews(p, ada, [viewFields('a1', '/', 5000), viewFields('a1', '/market', 12000), viewFields('a1', '/market', 3000)]);
  await sendViews(p, ada, [
    viewFields('a2', '/problem', 4000, 'phone', '2026-11-24T10:00:00.000Z'),
    viewFields('a2', '/renamed', 700, 'phone', '2026-11-24T10:00:00.000Z'),
  ]);
  await sendViews(p, ada, [viewFields('a2', '/coretechnology', 1000, 'desktop', '2026-11-24T10:00:00.000Z')]);
  await sendViews(p, bob, [viewFields('b1', '/', 2000, 'tablet'), viewFields('b1', '/market', 0, 'tablet')]);
}
