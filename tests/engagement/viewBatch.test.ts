// Batching: one SlideView record per visit and slide per send, whole milliseconds, nothing empty.
import { describe, expect, it } from 'vitest';
import { createViewBatch } from '../../src/engagement/viewBatch.ts';
import type { Visit } from '../../src/engagement/visit.ts';

const first: Visit = { id: 'v-1', started_at: '2026-11-24T07:00:00.000Z', last_active: '2026-11-24T07:10:00.000Z' };
const second: Visit = { id: 'v-2', started_at: '2026-11-24T09:00:00.000Z', last_active: '2026-11-24T09:00:00.000Z' };

describe('the view batch', () => {
  it('merges times per visit and slide into one record each, for the viewer’s device', () => {
    const batch = createViewBatch('phone');
    batch.add(first, [
      { path: '/', ms: 1_000 },
      { path: '/market', ms: 2_000 },
    ]);
    batch.add(first, [{ path: '/', ms: 500 }]);
    batch.add(second, [{ path: '/', ms: 250 }]);
    expect(batch.size).toBe(3);
    expect(batch.drain()).toEqual([
      { visit_id: 'v-1', path: '/', ms: 1_500, visit_started_at: first.started_at, device: 'phone' },
      { visit_id: 'v-1', path: '/market', ms: 2_000, visit_started_at: first.started_at, device: 'phone' },
      { visit_id: 'v-2', path: '/', ms: 250, visit_started_at: second.started_at, device: 'phone' },
    ]);
    expect(batch.size).toBe(0);
    expect(batch.drain()).toEqual([]);
  });

  it('sends whole milliseconds and keeps the fraction for the next send; nothing under 1 ms goes', () => {
    const batch = createViewBatch('desktop');
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

  it('takes back records a failed send carried, merged with what came since', () => {
    const batch = createViewBatch('tablet');
    batch.add(first, [{ path: '/', ms: 4_000 }]);
    const sent = batch.drain();
    batch.add(first, [{ path: '/', ms: 1_000 }]);
    batch.restore(sent);
    expect(batch.drain()).toEqual([{ visit_id: 'v-1', path: '/', ms: 5_000, visit_started_at: first.started_at, device: 'tablet' }]);
  });
});

// Found by `npm run mutate` (issue 29).
describe('the view batch, in detail', () => {
  it('ignores times that are not positive numbers, so they never cancel real time or reach a record', () => {
    const batch = createViewBatch('desktop');
    batch.add(first, [
      { path: '/', ms: -5_000 },
      { path: '/', ms: Number.NaN },
      { path: '/market', ms: 0 },
    ]);
    expect(batch.size).toBe(0);
    batch.add(first, [{ path: '/', ms: 2_000 }]);
    expect(batch.drain()).toEqual([{ visit_id: 'v-1', path: '/', ms: 2_000, visit_started_at: first.started_at, device: 'desktop' }]);
  });

  it('counts a single whole millisecond as something to send', () => {
    const batch = createViewBatch('desktop');
    batch.add(first, [{ path: '/', ms: 1 }]);
    expect(batch.size).toBe(1);
  });
});
