// A visit continues across reloads until VISIT_IDLE_MS without activity.
import { describe, expect, it } from 'vitest';
import { VISIT_IDLE_MS } from '../../schemas/engagementPaths.ts';
import { parseVisit, visitAt, type Visit } from '../../src/engagement/visit.ts';

const at = Date.parse('2026-11-24T08:00:00.000Z');
const stored: Visit = { id: 'v-1', started_at: '2026-11-24T07:30:00.000Z', last_active: '2026-11-24T07:59:00.000Z' };
let ids = 0;
const newId = () => `new-${++ids}`;

describe('the visit', () => {
  it('continues the stored visit while it has been idle less than VISIT_IDLE_MS, noting the activity', () => {
    const continued = visitAt(stored, at, newId);
    expect(continued).toEqual({ visit: { id: 'v-1', started_at: stored.started_at, last_active: '2026-11-24T08:00:00.000Z' }, fresh: false });
    const justInTime = visitAt(stored, Date.parse(stored.last_active) + VISIT_IDLE_MS - 1, newId);
    expect(justInTime.visit.id).toBe('v-1');
  });

  it('opens a new visit after VISIT_IDLE_MS idle, or when none is stored', () => {
    const later = Date.parse(stored.last_active) + VISIT_IDLE_MS;
    const next = visitAt(stored, later, newId);
    expect(next.fresh).toBe(true);
    expect(next.visit.id).toMatch(/^new-/);
    expect(next.visit.id).not.toBe('v-1');
    expect(next.visit.started_at).toBe(new Date(later).toISOString());
    expect(visitAt(null, at, newId).visit).toEqual({
      id: expect.stringMatching(/^new-/),
      started_at: '2026-11-24T08:00:00.000Z',
      last_active: '2026-11-24T08:00:00.000Z',
    });
  });

  it('reads back only a well-formed stored visit', () => {
    expect(parseVisit(JSON.stringify(stored))).toEqual(stored);
    expect(parseVisit(null)).toBeNull();
    expect(parseVisit('not json')).toBeNull();
    expect(parseVisit('null')).toBeNull();
    expect(parseVisit(JSON.stringify({ ...stored, id: '' }))).toBeNull();
    expect(parseVisit(JSON.stringify({ ...stored, last_active: 'yesterday' }))).toBeNull();
    expect(parseVisit(JSON.stringify({ id: 'v-1' }))).toBeNull();
  });
});

// Found by `npm run mutate`.
describe('a stored visit, in detail', () => {
  it('is refused when a field is not a string, even a truthy one', () => {
    const at = '2026-11-24T08:00:00.000Z';
    expect(parseVisit(JSON.stringify({ id: 5, started_at: at, last_active: at }))).toBeNull();
    expect(parseVisit(JSON.stringify({ id: 'v', started_at: at, last_active: at }))).toEqual({ id: 'v', started_at: at, last_active: at });
  });
});
