// Batching: one SlideView record per visit and slide per send, whole milliseconds, nothing empty.
import { describe, expect, it } from 'vitest';
import { createViewBatch, MAX_RECORDS_PER_SEND } from '../../src/engagement/viewBatch.ts';
import type { Visit } from '../../src/engagement/visit.ts';

const first: Visit = { id: 'v-1', started_at: '2026-11-24T07:00:00.000Z', last_active: '2026-11-24T07:10:00.000Z' };
const second: Visit = { id: 'v-2', started_at: '2026-11-24T09:00:00.000Z', last_active: '2026-11-24T09:00:00.000Z' };
let keys = 0;
const newKey = () => `key-${++keys}`;

describe('the view batch', () => {
  it('merges times per visit and slide into one record each, for the viewer’s device, each with a key of its own', () => {
    keys = 0;
    const batch = createViewBatch('phone', newKey);
    batch.add(first, [
      { path: '/', ms: 1_000 },
      { path: '/market', ms: 2_000 },
    ]);
    batch.add(first, [{ path: '/', ms: 500 }]);
    batch.add(second, [{ path: '/', ms: 250 }]);
    expect(batch.size).toBe(3);
    expect(batch.drain()).toEqual([
      { visit_id: 'v-1', path: '/', ms: 1_500, visit_started_at: first.started_at, device: 'phone', view_key: 'key-1' },
      { visit_id: 'v-1', path: '/market', ms: 2_000, visit_started_at: first.started_at, device: 'phone', view_key: 'key-2' },
      { visit_id: 'v-2', path: '/', ms: 250, visit_started_at: second.started_at, device: 'phone', view_key: 'key-3' },
    ]);
    expect(batch.size).toBe(0);
    expect(batch.drain()).toEqual([]);
    batch.add(first, [{ path: '/', ms: 100 }]);
    expect(batch.drain()).toEqual([expect.objectContaining({ path: '/', ms: 100, view_key: 'key-4' })]);
  });

  it('sends whole milliseconds and keeps the fraction for the next send; nothing under 1 ms goes', () => {
    const batch = createViewBatch('desktop', newKey);
    batch.add(first, [
      { path: '/', ms: 0.6 },
      { path: '/team', ms: 0 },
    ]);
    expect(batch.size).toBe(0);
    expect(batch.drain()).toEqual([]);
    batch.add(first, [{ path: '/', ms: 2.7 }]);
    expect(batch.drain().map((record) => record.ms)).toEqual([3]);
    batch.add(first, [{ path: '/', ms: 0.8 }]);
    expect(batch.drain().map((record) => record.ms)).toEqual([1]);
  });

  it('sends records a failed send carried again as they were (same key, same time), first, beside what came since', () => {
    const batch = createViewBatch('tablet', newKey);
    batch.add(first, [{ path: '/', ms: 4_000 }]);
    const sent = batch.drain();
    batch.add(first, [{ path: '/', ms: 1_000 }]);
    batch.restore(sent);
    expect(batch.size).toBe(2);
    const again = batch.drain();
    expect(again).toEqual([
      sent[0],
      { visit_id: 'v-1', path: '/', ms: 1_000, visit_started_at: first.started_at, device: 'tablet', view_key: expect.any(String) },
    ]);
    expect(again[1]!.view_key).not.toBe(sent[0]!.view_key);
    expect(batch.size).toBe(0);
    expect(batch.drain()).toEqual([]);
  });

  it('keeps the records of two failed sends, the older first, and counts them as something to send', () => {
    const batch = createViewBatch('desktop', newKey);
    batch.add(first, [{ path: '/', ms: 1_000 }]);
    const older = batch.drain();
    batch.restore(older);
    batch.add(first, [{ path: '/market', ms: 2_000 }]);
    const both = batch.drain();
    expect(both.map((record) => record.view_key)).toEqual([older[0]!.view_key, expect.any(String)]);
    batch.restore(both);
    expect(batch.size).toBe(2);
    expect(batch.drain()).toEqual(both);
  });

  it('carries at most MAX_RECORDS_PER_SEND records in one send, those sent before first; the rest wait for the next', () => {
    const batch = createViewBatch('desktop', newKey);
    const visits = Array.from({ length: MAX_RECORDS_PER_SEND + 20 }, (_, i): Visit => ({ ...first, id: `v-long-${i}` }));
    for (const visit of visits) batch.add(visit, [{ path: '/', ms: 10 }]);
    const failed = batch.drain();
    expect(failed).toHaveLength(MAX_RECORDS_PER_SEND);
    batch.restore(failed);
    batch.add(second, [{ path: '/market', ms: 30 }]);
    expect(batch.size).toBe(MAX_RECORDS_PER_SEND + 20 + 1);
    expect(batch.drain()).toEqual(failed);
    const rest = batch.drain();
    expect(rest.map((record) => record.visit_id)).toEqual([...visits.slice(MAX_RECORDS_PER_SEND).map((visit) => visit.id), 'v-2']);
    expect(batch.size).toBe(0);
  });
});

// Found by `npm run mutate`.
describe('the view batch, in detail', () => {
  it('ignores times that are not positive numbers, so they never cancel real time or reach a record', () => {
    const batch = createViewBatch('desktop', newKey);
    batch.add(first, [
      { path: '/', ms: -5_000 },
      { path: '/', ms: Number.NaN },
      { path: '/market', ms: 0 },
    ]);
    expect(batch.size).toBe(0);
    batch.add(first, [{ path: '/', ms: 2_000 }]);
    expect(batch.drain()).toEqual([
      { visit_id: 'v-1', path: '/', ms: 2_000, visit_started_at: first.started_at, device: 'desktop', view_key: expect.any(String) },
    ]);
  });

  it('counts a single whole millisecond as something to send', () => {
    const batch = createViewBatch('desktop', newKey);
    batch.add(first, [{ path: '/', ms: 1 }]);
    expect(batch.size).toBe(1);
  });
});
