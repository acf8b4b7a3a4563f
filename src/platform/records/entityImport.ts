import { parse } from 'csv-parse/sync';
import { parseJsonText } from '../core/jsonValue.ts';
import { badRequest } from '../core/errors.ts';

/** Largest import file accepted (bigger ones get 413). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

function isJsonFile(name: string, type: string): boolean {
  return /\.json$/i.test(name) || type.includes('json');
}

function isCsvFile(name: string, type: string): boolean {
  return /\.csv$/i.test(name) || type.includes('csv');
}

// CSV has no types: a cell that is exactly a canonical number or true/false becomes one, so a
// column of amounts sorts and compares as numbers. "007" stays text (leading zeros matter in codes).
function csvValue(cell: string): unknown {
  if (/^-?(0|[1-9]\d{0,14})(\.\d+)?$/.test(cell)) return Number(cell);
  if (cell === 'true' || cell === 'false') return cell === 'true';
  return cell;
}

function fromCsv(text: string): Record<string, unknown>[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true, bom: true, trim: true }) as Record<string, string>[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    // csv-parse counts the header as line 1; rows are numbered from the first data line.
    const where = typeof line === 'number' ? `file row ${line - 1} (line ${line})` : 'file';
    throw badRequest(where, (error as Error).message.replace(/^Invalid Record Length: /, '').replace(/ on line \d+$/, ''));
  }
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [column, cell] of Object.entries(row)) if (cell !== '') record[column] = csvValue(cell);
    return record;
  });
}

function fromJson(text: string): Record<string, unknown>[] {
  const parsed = parseJsonText(text, 'file');
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  rows.forEach((row, i) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw badRequest(`file row ${i + 1}`, 'must be a JSON object');
    }
  });
  return rows as Record<string, unknown>[];
}

/** Rows of an uploaded CSV or JSON file (by name, then type, then content); 400 names the first bad row. */
export function parseImportFile(name: string, type: string, text: string): Record<string, unknown>[] {
  // A Blob sent without a name or type (the client then calls it "import") is judged by its content.
  const unnamed = !/\.[A-Za-z0-9]+$/.test(name) && (!type || type === 'application/octet-stream');
  const json = isJsonFile(name, type) || (unnamed && /^\s*[[{]/.test(text));
  const csv = !json && (isCsvFile(name, type) || unnamed);
  const rows = json ? fromJson(text) : csv ? fromCsv(text) : null;
  if (!rows) throw badRequest('file', 'must be a .csv or .json file');
  if (rows.length === 0) throw badRequest('file', 'has no rows');
  return rows;
}
