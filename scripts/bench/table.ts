/** One row of the printed table: a metric, one cell per column, and the target. */
export interface Row {
  metric: string;
  cells: string[];
  target: string;
}

/** Left-aligned columns separated by at least two spaces; the header row first. */
export function formatTable(header: readonly string[], rows: readonly Row[]): string {
  const lines = [header, ...rows.map((row) => [row.metric, ...row.cells, row.target])];
  const widths: number[] = [];
  for (const line of lines) line.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return lines
    .map((line) =>
      line
        .map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]! + 2)))
        .join('')
        .trimEnd(),
    )
    .join('\n');
}

/** A number with the given decimals, or `n/a` for a missing or non-finite value. */
export function fixed(value: number | null | undefined, decimals = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(decimals);
}

/** Bytes as KB (1 KB = 1024 bytes) with one decimal. */
export function kb(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined || !Number.isFinite(bytes) ? 'n/a' : (bytes / 1024).toFixed(1);
}
