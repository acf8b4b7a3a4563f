// The one money formatter, kept apart from the zod schemas so the browser bundle carries no zod.

// Smallest first: each is a thousand of the one before.
const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e3, 'K'],
  [1e6, 'M'],
  [1e9, 'B'],
  [1e12, 'T'],
];

export interface UsdFormat {
  /** Every dollar with thousands separators (`$1,209,750`) instead of the compact form (`$1.21M`). */
  exact?: boolean;
}

/**
 * The one money formatter: `500000` → `$500K`, `1250000` → `$1.25M`, `13.95e12` → `$13.95T`,
 * `{ exact: true }` → `$1,209,750`. Compact values keep at most two decimals, trailing zeros dropped.
 */
export function formatUsd(amount: number, format: UsdFormat = {}): string {
  if (format.exact) return `$${Math.round(amount).toLocaleString('en-US')}`;
  // Up a unit while the amount, written in the unit below, would read 1000 or more once rounded:
  // $1M rather than $1000K, and 999,999 as $1M rather than $1000K too.
  let value = amount;
  let unit = '';
  for (const [size, name] of UNITS) {
    if (roundDecimals((amount / size) * 1000) < 1000) break;
    value = amount / size;
    unit = name;
  }
  return `$${trimDecimals(value)}${unit}`;
}

/** `{ low: 1.25e6, high: 1.5e6 }` → `$1.25M-$1.5M` (a plain hyphen, as the spec writes ranges). */
export function formatUsdRange(range: { low: number; high: number }): string {
  return `${formatUsd(range.low)}-${formatUsd(range.high)}`;
}

function trimDecimals(value: number): string {
  return String(roundDecimals(value));
}

function roundDecimals(value: number): number {
  // Two decimals cover every figure in the spec ($13.95T, $1.25M); rounding first avoids 1.2499999.
  return Math.round(value * 100) / 100;
}
