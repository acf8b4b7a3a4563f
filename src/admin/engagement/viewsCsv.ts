import type { SlideViewRecord } from '../../../schemas/engagementPaths.ts';

// The raw views as CSV (RFC 4180): one row per stored record, so a spreadsheet can sum them any way.

/** The CSV's columns, in order: header names and how each is read from a record. */
const COLUMNS: ReadonlyArray<readonly [name: string, read: (record: SlideViewRecord, label: string) => string | number]> = [
  ['viewer_email', (record) => record.created_by],
  ['viewer_id', (record) => record.created_by_id],
  ['visit_id', (record) => record.visit_id],
  ['visit_started_at', (record) => isoTime(record.visit_started_at)],
  ['path', (record) => record.path],
  ['slide', (_record, label) => label],
  ['ms', (record) => record.ms],
  ['device', (record) => record.device],
  ['recorded_at', (record) => isoTime(record.created_date)],
  ['record_id', (record) => record.id],
];

/** An instant as ISO 8601 in UTC; text that is no time is kept as it is. */
function isoTime(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break (quotes doubled). Text a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe (OWASP
 * "CSV injection"): an email is typed by whoever registered, not by the deck's owners.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of the views: a header row, then one row per record, CRLF line ends. */
export function viewsCsv(records: readonly SlideViewRecord[], labels: ReadonlyMap<string, string> = new Map()): string {
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  for (const record of records) {
    const label = labels.get(record.path) ?? '';
    lines.push(COLUMNS.map(([, read]) => csvField(read(record, label))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The file name of an export made at `at`, e.g. `slide-views-2026-11-24.csv`. */
export function csvFileName(at: Date): string {
  return `slide-views-${at.toISOString().slice(0, 10)}.csv`;
}

/** Offers `text` as a file download: a Blob behind a temporary link with the download attribute. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8', doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
