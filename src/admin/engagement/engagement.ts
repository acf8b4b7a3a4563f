import type { DeviceKind } from '../../../schemas/engagementPaths.ts';
import type { TallyBook } from './viewTally.ts';
import { laterVersion, type VisitSummary } from './visitSummary.ts';

export type { VisitSummary } from './visitSummary.ts';

// What the console makes of the SlideView records, from their sums (viewTally.ts): per viewer and
// per slide.

/** A page as the console charts it: its route, its label, its 1-based place in the deck (null: appendix). */
export interface SlideRef {
  path: string;
  label: string;
  order: number | null;
}

/** Everything one viewer did, summed over their visits. */
export interface ViewerEngagement {
  id: string;
  email: string;
  /** Newest first. */
  visits: VisitSummary[];
  /** Milliseconds per slide, aligned with Engagement.slides. */
  msBySlide: number[];
  totalMs: number;
  /** Index in Engagement.slides of the furthest deck slide with any time, or -1. */
  furthest: number;
  /** How many deck slides (appendix not counted) have any time. */
  seen: number;
  /** The newest record's time. */
  lastAt: string;
  /** The device of the newest visit. */
  device: DeviceKind;
  /** The deck version of their newest record (the version they last saw); null when it has none. */
  lastVersion: string | null;
}

/** One slide across viewers. */
export interface SlideSummary {
  slide: SlideRef;
  totalMs: number;
  /** Median over the viewers who spent any time on it (0 when none did). */
  medianMs: number;
  /** How many viewers spent any time on it. */
  viewers: number;
  /** How many viewers' furthest slide is this one: where viewers stop. */
  stoppedHere: number;
}

/** The console's picture of engagement. */
export interface Engagement {
  /** Deck slides in order, then the appendix, then any recorded path the registry does not know. */
  slides: SlideRef[];
  /** How many of `slides` are in the deck order (they come first). */
  deckLength: number;
  /** Most recently active first. */
  viewers: ViewerEngagement[];
  bySlide: SlideSummary[];
  records: number;
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Newest first by start, then by last activity, then by id: the same order whichever way the sums were made. */
function newestVisitFirst(a: VisitSummary, b: VisitSummary): number {
  return b.startedAt.localeCompare(a.startedAt) || b.lastAt.localeCompare(a.lastAt) || a.id.localeCompare(b.id);
}

/**
 * Whether `visit` holds a newer record than the newest seen so far (`than`): its version is then the
 * one last seen. Of visits ending in the same millisecond, the later version's (laterVersion).
 */
function endsLater(visit: { lastAt: string; version: string | null }, than: { lastAt: string; lastVersion: string | null }): boolean {
  return visit.lastAt > than.lastAt || (visit.lastAt === than.lastAt && laterVersion(visit.version, than.lastVersion));
}

/** The version each viewer last saw (their newest record's; null when it has none), by viewer id. */
export function lastVersions(book: TallyBook): Map<string, string | null> {
  const newest = new Map<string, { lastAt: string; lastVersion: string | null }>();
  for (const visit of book.visits.values()) {
    const seen = newest.get(visit.viewer);
    if (!seen || endsLater(visit, seen)) newest.set(visit.viewer, { lastAt: visit.lastAt, lastVersion: visit.version });
  }
  return new Map([...newest].map(([viewer, { lastVersion }]) => [viewer, lastVersion]));
}

/** Deck slides by their order, then the rest as given. */
function ordered(slides: readonly SlideRef[]): SlideRef[] {
  const deck = slides.filter((slide) => slide.order !== null).sort((a, b) => a.order! - b.order!);
  return [...deck, ...slides.filter((slide) => slide.order === null)];
}

/**
 * Engagement from the running sums: per viewer (their visits, time per slide, how far) and per
 * slide across viewers. Work per viewer × slide, whatever the number of records behind the sums.
 */
export function summarizeEngagement(book: TallyBook, registry: readonly SlideRef[]): Engagement {
  const slides = ordered(registry);
  const deckLength = slides.filter((slide) => slide.order !== null).length;
  const index = new Map(slides.map((slide, i) => [slide.path, i]));
  const slotOf = (path: string): number => {
    let slot = index.get(path);
    if (slot === undefined) {
      // A path the registry no longer has (a renamed slide): kept, after the known pages.
      slot = slides.length;
      slides.push({ path, label: path, order: null });
      index.set(path, slot);
    }
    return slot;
  };
  const viewers = new Map<string, { email: string; ms: number[]; visits: VisitSummary[]; lastAt: string; lastVersion: string | null }>();
  const viewerOf = (id: string, email: string) => {
    let viewer = viewers.get(id);
    if (!viewer) viewers.set(id, (viewer = { email, ms: [], visits: [], lastAt: '', lastVersion: null }));
    return viewer;
  };
  for (const visit of book.visits.values()) {
    const viewer = viewerOf(visit.viewer, visit.email);
    const { id, startedAt, lastAt, device, ms, version } = visit;
    viewer.visits.push({ id, startedAt, lastAt, device, ms, version });
    if (endsLater(visit, viewer)) viewer.lastVersion = version;
    if (lastAt > viewer.lastAt) viewer.lastAt = lastAt;
  }
  for (const [id, row] of book.cells) {
    const viewer = viewerOf(id, id);
    for (const [path, ms] of row) {
      const slot = slotOf(path);
      viewer.ms[slot] = (viewer.ms[slot] ?? 0) + ms;
    }
  }

  const width = slides.length;
  const perSlide: number[][] = slides.map(() => []);
  const totals = new Array<number>(width).fill(0);
  const stops = new Array<number>(width).fill(0);
  const summaries: ViewerEngagement[] = [];
  for (const [id, acc] of viewers) {
    const msBySlide = Array.from({ length: width }, (_, i) => acc.ms[i] ?? 0);
    let furthest = -1;
    let seen = 0;
    let totalMs = 0;
    msBySlide.forEach((ms, i) => {
      totalMs += ms;
      if (ms <= 0) return;
      perSlide[i]!.push(ms);
      totals[i]! += ms;
      if (i < deckLength) {
        seen += 1;
        furthest = i;
      }
    });
    if (furthest >= 0) stops[furthest]! += 1;
    const visits = acc.visits.sort(newestVisitFirst);
    summaries.push({
      id,
      email: acc.email,
      visits,
      msBySlide,
      totalMs,
      furthest,
      seen,
      lastAt: acc.lastAt,
      device: visits[0]?.device ?? 'desktop',
      lastVersion: acc.lastVersion,
    });
  }
  summaries.sort((a, b) => (b.lastAt > a.lastAt ? 1 : b.lastAt < a.lastAt ? -1 : a.email.localeCompare(b.email)));

  const bySlide = slides.map((slide, i) => ({
    slide,
    totalMs: totals[i]!,
    medianMs: median(perSlide[i]!),
    viewers: perSlide[i]!.length,
    stoppedHere: stops[i]!,
  }));
  return { slides, deckLength, viewers: summaries, bySlide, records: book.records };
}
