import { resolveObjectURL } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import type { SlideViewRecord } from '../../schemas/engagementPaths.ts';
import { csvField, csvFileName, downloadText, viewsCsv } from '../../src/admin/engagement/viewsCsv.ts';

// The raw views as CSV: header, one row per record, RFC 4180 quoting, ISO times, and the
// download through a Blob behind a link.

const RECORD: SlideViewRecord = {
  id: 'rec-1',
  created_by: 'ada@lender.test',
  created_by_id: 'user-1',
  created_date: '2026-11-24T09:00:05.250Z',
  visit_id: 'visit-1',
  visit_started_at: '2026-11-24T08:59:00Z',
  path: '/market',
  ms: 12000,
  device: 'desktop',
};

/** RFC 4180 rows of `text` (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('ada@lender.test')).toBe('ada@lender.test');
    expect(csvField(12000)).toBe('12000');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@x')).toBe("'@x");
  });
});

describe('viewsCsv', () => {
  it('has a header row, then one row per record with the slide label and ISO times (CRLF)', () => {
    const text = viewsCsv([RECORD, { ...RECORD, id: 'rec-2', path: '/', ms: 500 }], new Map([['/market', 'Market, size']]));
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['viewer_email', 'viewer_id', 'visit_id', 'visit_started_at', 'path', 'slide', 'ms', 'device', 'recorded_at', 'record_id']);
    expect(rows[1]).toEqual([
      'ada@lender.test',
      'user-1',
      'visit-1',
      '2026-11-24T08:59:00.000Z',
      '/market',
      'Market, size',
      '12000',
      'desktop',
      '2026-11-24T09:00:05.250Z',
      'rec-1',
    ]);
    expect(rows[2]).toEqual([
      'ada@lender.test',
      'user-1',
      'visit-1',
      '2026-11-24T08:59:00.000Z',
      '/',
      '',
      '500',
      'desktop',
      '2026-11-24T09:00:05.250Z',
      'rec-2',
    ]);
    expect(rows).toHaveLength(3);
  });

  it('round-trips awkward text through a CSV reader', () => {
    const awkward = { ...RECORD, created_by: 'o"neil,jr@lender.test', path: '/a\nb' };
    const rows = parseCsv(viewsCsv([awkward]));
    expect(rows[1]![0]).toBe('o"neil,jr@lender.test');
    expect(rows[1]![4]).toBe('/a\nb');
  });

  it('is only the header for no records', () => {
    expect(parseCsv(viewsCsv([]))).toHaveLength(1);
  });
});

describe('the download', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('names the file by the day', () => {
    expect(csvFileName(new Date('2026-11-24T23:59:00Z'))).toBe('slide-views-2026-11-24.csv');
  });

  it('clicks a link to a Blob of the CSV with the download name, then removes the link', async () => {
    const clicked: Array<{ href: string; download: string }> = [];
    document.addEventListener(
      'click',
      (event) => {
        const link = event.target as HTMLAnchorElement;
        clicked.push({ href: link.href, download: link.download });
        event.preventDefault();
      },
      { once: true },
    );
    downloadText('a,b\r\n', 'views.csv');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('views.csv');
    expect(clicked[0]!.href).toMatch(/^blob:/);
    // The link's Blob, read back before the revoke that follows in the next task.
    const blob = resolveObjectURL(clicked[0]!.href);
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    expect(await blob?.text()).toBe('a,b\r\n');
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });
});
