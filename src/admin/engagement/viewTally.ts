import type { SlideViewRecord, ViewTally } from '../../../schemas/engagementPaths.ts';
import { laterVersion, type VisitSummary } from './visitSummary.ts';

// The console's running sums of SlideView records: by viewer × slide and by visit. They start from
// the platform's tally (summed in the database) or from raw records (a platform without the
// tally function), and each live "create" adds its record. The rules match the platform's SQL
// (src/platform/engagement/engagementTally.ts): a viewer is created_by_id (else the email); a visit began at
// its earliest visit_started_at, ended at its newest record, on that record's device (the greatest
// name among records of the same millisecond) and version (the latest among them, laterVersion); a
// time that is not a positive number counts as 0.

/** One visit's sums, as the console keeps them: the visit as it is drawn, and whose it is. */
export interface TallyVisit extends VisitSummary {
  viewer: string;
  email: string;
}

/** The running sums; mutable, so a burst of live records costs no copy each. */
export interface TallyBook {
  records: number;
  /** viewer → path → milliseconds. */
  cells: Map<string, Map<string, number>>;
  /** `${viewer}\n${visit id}` → the visit. */
  visits: Map<string, TallyVisit>;
}

function emptyBook(): TallyBook {
  return { records: 0, cells: new Map(), visits: new Map() };
}

function addCell(book: TallyBook, viewer: string, path: string, ms: number): void {
  let row = book.cells.get(viewer);
  if (!row) book.cells.set(viewer, (row = new Map()));
  row.set(path, (row.get(path) ?? 0) + ms);
}

/** The book of a platform tally. */
export function bookOfTally(tally: ViewTally): TallyBook {
  const book = emptyBook();
  book.records = tally.records;
  for (const { viewer, email, cells, visits } of tally.viewers) {
    for (const [path, ms] of cells ?? []) addCell(book, viewer, path, ms);
    for (const [id, startedAt, lastAt, device, ms, version] of visits ?? []) {
      book.visits.set(`${viewer}\n${id}`, { viewer, email, id, startedAt, lastAt, device, ms, version: version ?? null });
    }
  }
  return book;
}

/** Adds one record to the sums. */
export function addRecord(book: TallyBook, record: SlideViewRecord): void {
  const viewer = record.created_by_id || record.created_by || '';
  const ms = typeof record.ms === 'number' && record.ms > 0 ? record.ms : 0;
  const created = record.created_date ?? '';
  const startedAt = record.visit_started_at || created;
  // As the SQL reads it (view_version): a non-empty text, else none.
  const version = typeof record.version_id === 'string' && record.version_id !== '' ? record.version_id : null;
  book.records += 1;
  addCell(book, viewer, record.path ?? '', ms);
  const key = `${viewer}\n${record.visit_id ?? ''}`;
  const visit = book.visits.get(key);
  if (!visit) {
    const email = record.created_by ?? '';
    book.visits.set(key, { viewer, email, id: record.visit_id ?? '', startedAt, lastAt: created, device: record.device ?? 'desktop', ms, version });
    return;
  }
  visit.ms += ms;
  if (startedAt < visit.startedAt) visit.startedAt = startedAt;
  if (record.created_by && record.created_by < visit.email) visit.email = record.created_by;
  const device = record.device ?? 'desktop';
  if (created > visit.lastAt || (created === visit.lastAt && device > visit.device)) visit.device = device;
  if (created > visit.lastAt || (created === visit.lastAt && laterVersion(version, visit.version))) visit.version = version;
  if (created > visit.lastAt) visit.lastAt = created;
}

/** The book of raw records, summed in the page. */
export function bookOfRecords(records: readonly SlideViewRecord[]): TallyBook {
  const book = emptyBook();
  for (const record of records) addRecord(book, record);
  return book;
}

/** Whether a reply is shaped like a ViewTally (a function elsewhere may answer anything). */
export function isViewTally(value: unknown): value is ViewTally {
  const tally = value as Partial<ViewTally> | null;
  return typeof tally === 'object' && tally !== null && typeof tally.records === 'number' && Array.isArray(tally.viewers) && Array.isArray(tally.recent);
}
