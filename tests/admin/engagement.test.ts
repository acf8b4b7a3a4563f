import { describe, expect, it } from 'vitest';
import type { DeviceKind, SlideViewRecord } from '../../schemas/engagementPaths.ts';
import { lastVersions, median, summarizeEngagement, type SlideRef } from '../../src/admin/engagement/engagement.ts';
import { bookOfRecords } from '../../src/admin/engagement/viewTally.ts';
import { laterVersion } from '../../src/admin/engagement/visitSummary.ts';

// The console's aggregation of raw SlideView records: per viewer, per visit, per slide.

const SLIDES: SlideRef[] = [
  // Given out of order on purpose: the deck order is the registry's `order`, the appendix last.
  { path: '/coretechnology', label: 'Core technology', order: null },
  { path: '/market', label: 'Market', order: 2 },
  { path: '/', label: 'Cover', order: 1 },
  { path: '/problem', label: 'Problem', order: 3 },
];

let seq = 0;
function view(email: string, visit: string, path: string, ms: number, at: string, device: DeviceKind = 'desktop'): SlideViewRecord {
  seq += 1;
  return {
    id: `r${seq}`,
    created_by: email,
    created_by_id: `id-${email}`,
    created_date: at,
    visit_id: visit,
    visit_started_at: `${visit.slice(0, 1) === 'b' ? '2026-11-20' : '2026-11-19'}T09:00:00.000Z`,
    path,
    ms,
    device,
  };
}

describe('median', () => {
  it('is the middle value, the mean of the two middle ones for an even count, and 0 for none', () => {
    expect(median([])).toBe(0);
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([10, 2, 4, 100])).toBe(7);
    // Numeric, not text order (a plain sort would put 100 before 9).
    expect(median([100, 9, 20])).toBe(20);
  });
});

describe('summarizeEngagement', () => {
  const records = [
    view('ada@lender.test', 'a1', '/', 5000, '2026-11-19T09:01:00.000Z'),
    view('ada@lender.test', 'a1', '/market', 12000, '2026-11-19T09:01:00.000Z'),
    // A second flush of the same visit and slide adds to it.
    view('ada@lender.test', 'a1', '/market', 3000, '2026-11-19T09:02:00.000Z'),
    view('ada@lender.test', 'b2', '/problem', 4000, '2026-11-20T10:00:00.000Z', 'phone'),
    view('ada@lender.test', 'b2', '/coretechnology', 1000, '2026-11-20T10:01:00.000Z', 'phone'),
    view('bob@lender.test', 'a9', '/', 2000, '2026-11-19T11:00:00.000Z', 'tablet'),
    view('bob@lender.test', 'a9', '/market', 6000, '2026-11-19T11:00:30.000Z', 'tablet'),
    view('cy@lender.test', 'a5', '/', 8000, '2026-11-18T08:00:00.000Z'),
  ];
  const result = summarizeEngagement(bookOfRecords(records), SLIDES);

  it('orders the pages: the deck by its order, then the appendix', () => {
    expect(result.slides.map((slide) => slide.path)).toEqual(['/', '/market', '/problem', '/coretechnology']);
    expect(result.deckLength).toBe(3);
    expect(result.records).toBe(8);
  });

  it("sums each viewer's time per slide over records and visits, and totals it", () => {
    const ada = result.viewers.find((viewer) => viewer.email === 'ada@lender.test')!;
    expect(ada.msBySlide).toEqual([5000, 15000, 4000, 1000]);
    expect(ada.totalMs).toBe(25000);
    expect(ada.id).toBe('id-ada@lender.test');
  });

  it("lists visits newest first with their device, time and last activity; the viewer's device is the newest visit's", () => {
    const ada = result.viewers.find((viewer) => viewer.email === 'ada@lender.test')!;
    expect(ada.visits.map((visit) => [visit.id, visit.device, visit.ms, visit.lastAt])).toEqual([
      ['b2', 'phone', 5000, '2026-11-20T10:01:00.000Z'],
      ['a1', 'desktop', 20000, '2026-11-19T09:02:00.000Z'],
    ]);
    expect(ada.device).toBe('phone');
    expect(ada.lastAt).toBe('2026-11-20T10:01:00.000Z');
  });

  it('takes how far from the deck order (the appendix does not count) and counts slides seen out of the deck', () => {
    const by = Object.fromEntries(result.viewers.map((viewer) => [viewer.email, viewer]));
    expect(by['ada@lender.test']).toMatchObject({ furthest: 2, seen: 3 });
    expect(by['bob@lender.test']).toMatchObject({ furthest: 1, seen: 2 });
    expect(by['cy@lender.test']).toMatchObject({ furthest: 0, seen: 1 });
  });

  it('lists viewers most recently active first', () => {
    expect(result.viewers.map((viewer) => viewer.email)).toEqual(['ada@lender.test', 'bob@lender.test', 'cy@lender.test']);
  });

  it('gives each slide its total, its median over the viewers who looked, and where viewers stopped', () => {
    expect(result.bySlide.map(({ slide, totalMs, medianMs, viewers, stoppedHere }) => [slide.path, totalMs, medianMs, viewers, stoppedHere])).toEqual([
      ['/', 15000, 5000, 3, 1],
      ['/market', 21000, 10500, 2, 1],
      ['/problem', 4000, 4000, 1, 1],
      ['/coretechnology', 1000, 1000, 1, 0],
    ]);
  });

  it('keeps a path the registry does not know, after the known pages, outside the deck order', () => {
    const withOld = summarizeEngagement(bookOfRecords([...records, view('bob@lender.test', 'a9', '/renamed', 700, '2026-11-19T11:01:00.000Z')]), SLIDES);
    expect(withOld.slides.at(-1)).toEqual({ path: '/renamed', label: '/renamed', order: null });
    const bob = withOld.viewers.find((viewer) => viewer.email === 'bob@lender.test')!;
    expect(bob.msBySlide.at(-1)).toBe(700);
    expect(bob.furthest).toBe(1);
    // Every viewer's row has a cell for it.
    expect(withOld.viewers.every((viewer) => viewer.msBySlide.length === withOld.slides.length)).toBe(true);
  });

  it('counts no negative or missing time', () => {
    const odd = summarizeEngagement(
      bookOfRecords([
        view('dee@lender.test', 'a3', '/', -50, '2026-11-19T00:00:00.000Z'),
        view('dee@lender.test', 'a3', '/', Number.NaN, '2026-11-19T00:00:01.000Z'),
      ]),
      SLIDES,
    );
    expect(odd.viewers[0]).toMatchObject({ totalMs: 0, furthest: -1, seen: 0 });
    expect(odd.bySlide[0]).toMatchObject({ viewers: 0, stoppedHere: 0, medianMs: 0 });
  });

  it('is empty for no records', () => {
    const empty = summarizeEngagement(bookOfRecords([]), SLIDES);
    expect(empty.viewers).toEqual([]);
    expect(empty.bySlide.every((slide) => slide.totalMs === 0 && slide.viewers === 0)).toBe(true);
  });

  it('summarises 34,000 records (200 viewers × 17 slides × 10 visits): every viewer, visit and slide', () => {
    const deck: SlideRef[] = Array.from({ length: 17 }, (_, i) => ({ path: `/s${i + 1}`, label: `Slide ${i + 1}`, order: i + 1 }));
    const many: SlideViewRecord[] = [];
    for (let v = 0; v < 200; v++) {
      for (let visit = 0; visit < 10; visit++) {
        for (let s = 0; s < 17; s++) {
          many.push({
            id: `${v}-${visit}-${s}`,
            created_by: `viewer${v}@bench.test`,
            created_by_id: `u${v}`,
            created_date: new Date(Date.UTC(2026, 10, 1 + visit, 9, s)).toISOString(),
            visit_id: `${v}-${visit}`,
            visit_started_at: new Date(Date.UTC(2026, 10, 1 + visit, 9)).toISOString(),
            path: `/s${s + 1}`,
            ms: 1000 + ((v * 7 + s * 13 + visit) % 50) * 100,
            device: 'desktop',
          });
        }
      }
    }
    expect(many).toHaveLength(34_000);
    const big = summarizeEngagement(bookOfRecords(many), deck);
    expect(big.records).toBe(34_000);
    expect(big.viewers).toHaveLength(200);
    expect(big.viewers.every((viewer) => viewer.visits.length === 10 && viewer.seen === 17 && viewer.furthest === 16)).toBe(true);
    expect(big.bySlide[16]!.stoppedHere).toBe(200);
  });
});

describe('the version each viewer last saw', () => {
  const onVersion = (record: SlideViewRecord, version: string | undefined): SlideViewRecord =>
    version === undefined ? record : { ...record, version_id: version };
  // Interleaved: ada read version 2, then version 1 again (a tab left open on an older build), in two
  // visits whose times cross; bob's newest record has no version (an older record from before versions
  // is not newer); cy has no versioned record at all; dee's last millisecond has two versions, 9 and 10.
  const records = [
    onVersion(view('ada@lender.test', 'a1', '/', 5000, '2026-11-19T09:00:00.000Z'), '1'),
    onVersion(view('ada@lender.test', 'b2', '/market', 4000, '2026-11-20T10:00:00.000Z'), '2'),
    onVersion(view('ada@lender.test', 'a1', '/market', 3000, '2026-11-20T10:05:00.000Z'), '1'),
    onVersion(view('ada@lender.test', 'b2', '/problem', 2000, '2026-11-20T10:03:00.000Z'), '2'),
    onVersion(view('bob@lender.test', 'a9', '/', 2000, '2026-11-19T11:00:00.000Z'), '2'),
    view('bob@lender.test', 'a9', '/market', 6000, '2026-11-19T11:00:30.000Z'),
    view('cy@lender.test', 'a5', '/', 8000, '2026-11-18T08:00:00.000Z'),
    onVersion(view('dee@lender.test', 'a7', '/', 1000, '2026-11-21T08:00:00.000Z'), '10'),
    onVersion(view('dee@lender.test', 'a7', '/market', 1000, '2026-11-21T08:00:00.000Z'), '9'),
    onVersion(view('dee@lender.test', 'a7', '/problem', 1000, '2026-11-20T08:00:00.000Z'), '11'),
  ];
  const lastOf = (result: ReturnType<typeof summarizeEngagement>) => Object.fromEntries(result.viewers.map((viewer) => [viewer.email, viewer.lastVersion]));

  it("is the version of the viewer's newest record, by its time rather than the order records arrive in", () => {
    const expected = { 'ada@lender.test': '1', 'bob@lender.test': null, 'cy@lender.test': null, 'dee@lender.test': '10' };
    expect(lastOf(summarizeEngagement(bookOfRecords(records), SLIDES))).toEqual(expected);
    // Live records come in any order: the same answer.
    expect(lastOf(summarizeEngagement(bookOfRecords([...records].reverse()), SLIDES))).toEqual(expected);
    const ada = summarizeEngagement(bookOfRecords(records), SLIDES).viewers.find((viewer) => viewer.email === 'ada@lender.test')!;
    // Each visit's version is its own newest record's.
    expect(ada.visits.map((visit) => [visit.id, visit.version])).toEqual([
      ['b2', '2'],
      ['a1', '1'],
    ]);
  });

  it('is the same from the sums of every version while one version is shown', () => {
    const book = bookOfRecords(records);
    const byViewer = lastVersions(book);
    for (const viewer of summarizeEngagement(book, SLIDES).viewers) expect(byViewer.get(viewer.id)).toBe(viewer.lastVersion);
    expect(byViewer.size).toBe(4);
  });

  it('orders version ids as the growing integers they are; no version is the earliest', () => {
    expect(laterVersion('10', '9')).toBe(true);
    expect(laterVersion('9', '10')).toBe(false);
    expect(laterVersion('12', '11')).toBe(true);
    expect(laterVersion('1', null)).toBe(true);
    expect(laterVersion(null, '1')).toBe(false);
    expect(laterVersion('3', '3')).toBe(false);
  });
});
