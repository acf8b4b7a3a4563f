import { describe, expect, it } from 'vitest';
import type { SlideViewRecord } from '../../schemas/engagementPaths.ts';
import { dailySeries, dayLabel, dayOf } from '../../src/admin/engagement/dailySeries.ts';
import { summarizeEngagement, type SlideRef } from '../../src/admin/engagement/engagement.ts';
import { personTotalsCsv, slideTotalsCsv } from '../../src/admin/engagement/totalsCsv.ts';
import { bookOfRecords } from '../../src/admin/engagement/viewTally.ts';

// Engagement over time and the totals an owner reports, against known records: visits and reading
// time per day (the deck's and a person's, in the reader's days), and the per-person and per-slide
// totals as formula-safe CSV.

const SLIDES: SlideRef[] = [
  { path: '/', label: 'Cover', order: 1 },
  { path: '/market', label: 'Market', order: 2 },
  { path: '/coretechnology', label: 'Core technology', order: null },
];

let n = 0;
const view = (who: string, visit: string, started: string, path: string, ms: number, at: string): SlideViewRecord => ({
  id: `r${++n}`,
  created_by: who,
  created_by_id: `id-${who}`,
  created_date: at,
  visit_id: visit,
  visit_started_at: started,
  path,
  ms,
  device: 'desktop',
});

// Ann: two visits on 2 Dec (UTC), one late on 3 Dec; Bo: one visit on 4 Dec. "=cmd" starts Bo's address.
const RECORDS = [
  view('ann@alpha.test', 'a1', '2026-12-02T09:00:00.000Z', '/', 60_000, '2026-12-02T09:01:00.000Z'),
  view('ann@alpha.test', 'a1', '2026-12-02T09:00:00.000Z', '/market', 120_000, '2026-12-02T09:03:00.000Z'),
  view('ann@alpha.test', 'a2', '2026-12-02T15:00:00.000Z', '/market', 30_000, '2026-12-02T15:01:00.000Z'),
  view('ann@alpha.test', 'a3', '2026-12-03T23:30:00.000Z', '/coretechnology', 45_000, '2026-12-03T23:31:00.000Z'),
  view('=cmd|bo@beta.test', 'b1', '2026-12-04T10:00:00.000Z', '/', 15_000, '2026-12-04T10:00:15.000Z'),
];
const NOW = new Date('2026-12-04T18:00:00.000Z');

describe('visits and reading time per day', () => {
  const engagement = summarizeEngagement(bookOfRecords(RECORDS), SLIDES);
  const all = engagement.viewers.flatMap((viewer) => viewer.visits);

  it('count each visit on the day it began, with all its time, over the days ending today, zeros included', () => {
    expect(dailySeries(all, NOW, 4, 'UTC')).toEqual([
      { day: '2026-12-01', visits: 0, ms: 0 },
      { day: '2026-12-02', visits: 2, ms: 210_000 },
      { day: '2026-12-03', visits: 1, ms: 45_000 },
      { day: '2026-12-04', visits: 1, ms: 15_000 },
    ]);
    const ann = engagement.viewers.find((viewer) => viewer.email === 'ann@alpha.test')!;
    expect(dailySeries(ann.visits, NOW, 2, 'UTC')).toEqual([
      { day: '2026-12-03', visits: 1, ms: 45_000 },
      { day: '2026-12-04', visits: 0, ms: 0 },
    ]);
  });

  it("are the reader's days: 14 hours east of UTC, each visit falls on its local day", () => {
    expect(dayOf('2026-12-03T23:30:00.000Z', 'Pacific/Kiritimati')).toBe('2026-12-04');
    // Ann's afternoon visit of 2 Dec is the morning of 3 Dec there, Bo's of 4 Dec the start of 5 Dec.
    expect(dailySeries(all, NOW, 4, 'Pacific/Kiritimati')).toEqual([
      { day: '2026-12-02', visits: 1, ms: 180_000 },
      { day: '2026-12-03', visits: 1, ms: 30_000 },
      { day: '2026-12-04', visits: 1, ms: 45_000 },
      { day: '2026-12-05', visits: 1, ms: 15_000 },
    ]);
    expect(dayLabel('2026-12-05')).toBe('5 Dec');
  });
});

describe('the totals as CSV', () => {
  const engagement = summarizeEngagement(bookOfRecords(RECORDS), SLIDES);

  it('per person: one row each, most recently active first, a formula in an address made harmless', () => {
    expect(personTotalsCsv(engagement).split('\r\n')).toEqual([
      'viewer_email,viewer_id,visits,total_ms,slides_seen,deck_length,furthest_slide,last_active_at,device,last_version',
      "'=cmd|bo@beta.test,id-=cmd|bo@beta.test,1,15000,1,2,1 · Cover,2026-12-04T10:00:15.000Z,desktop,",
      'ann@alpha.test,id-ann@alpha.test,3,255000,2,2,2 · Market,2026-12-03T23:31:00.000Z,desktop,',
      '',
    ]);
  });

  it('per slide: viewers, total and median time, and where viewers stopped (none for the appendix)', () => {
    expect(slideTotalsCsv(engagement).split('\r\n')).toEqual([
      'path,slide,order,viewers,total_ms,median_ms,stopped_here',
      '/,Cover,1,2,75000,37500,1',
      '/market,Market,2,1,150000,150000,1',
      '/coretechnology,Core technology,,1,45000,45000,',
      '',
    ]);
  });
});
