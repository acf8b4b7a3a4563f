// The one formatter of ledger figures, kept apart from the zod schemas so the browser carries no zod.
import { formatUsd, formatUsdRange } from './formatUsd.ts';

/** What a figure counts: money, a plain count, a share, a duration, a multiple or an angle. */
export const FIGURE_KINDS = ['usd', 'count', 'percent', 'days', 'hours', 'minutes', 'years', 'times', 'degrees'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

/** How the spec qualifies a figure: `30M+`, `under 3%`, `up to $4M`, `+27%`. */
export const FIGURE_QUALIFIERS = ['plus', 'under', 'up to', 'increase'] as const;
export type FigureQualifier = (typeof FIGURE_QUALIFIERS)[number];

/** A typed figure: one amount (`low === high`) or a range, of one kind. */
export interface FigureValue {
  kind: FigureKind;
  low: number;
  high: number;
  qualifier?: FigureQualifier;
  /** Money with every dollar (`$1,209,750`) instead of the compact form. */
  exact?: boolean;
  /** A duration written as a compound adjective (`30-minute`, `48-hour`) instead of `30 minutes`. */
  form?: 'compound';
}

const DURATION_UNIT: Partial<Record<FigureKind, string>> = { days: 'day', hours: 'hour', minutes: 'minute', years: 'year' };

/**
 * A figure's display text, the spec's way: `$13.95T`, `$1,209,750`, `$1.25M-$1.5M`, `27-30M`, `10,000`,
 * `30M+`, `under 3%`, `40%+`, `+27%`, `45-60+ days`, `30-minute`, `3x`, `360°`. Qualifiers that start
 * the text are lower case (`under 5% penetrated`); a figure standing alone capitalizes it where shown.
 */
export function formatFigure(value: FigureValue): string {
  const plus = value.qualifier === 'plus' ? '+' : '';
  const body = amountText(value, plus);
  if (value.qualifier === 'under') return `under ${body}`;
  if (value.qualifier === 'up to') return `up to ${body}`;
  if (value.qualifier === 'increase') return `+${body}`;
  return body;
}

function amountText(value: FigureValue, plus: string): string {
  const { kind, low, high } = value;
  const single = low === high;
  switch (kind) {
    case 'usd':
      return `${single ? formatUsd(low, { exact: value.exact ?? false }) : formatUsdRange({ low, high })}${plus}`;
    case 'count':
      return `${countRange(low, high)}${plus}`;
    case 'percent':
      return `${single ? decimal(low) : `${decimal(low)}-${decimal(high)}`}%${plus}`;
    case 'times':
      return `${rangeText(low, high)}${plus}x`;
    case 'degrees':
      return `${rangeText(low, high)}${plus}°`;
    default: {
      const unit = DURATION_UNIT[kind]!;
      if (value.form === 'compound') return `${rangeText(low, high)}${plus}-${unit}`;
      return `${rangeText(low, high)}${plus} ${unit}${single && low === 1 && !plus ? '' : 's'}`;
    }
  }
}

const SCALES: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
];

/** `10,000`, `75-85`; millions and more compact with one shared suffix: `27-30M`, `30M`. */
function countRange(low: number, high: number): string {
  const scale = SCALES.find(([size]) => low >= size && high >= size);
  if (scale) {
    const [size, unit] = scale;
    return `${rangeText(low / size, high / size)}${unit}`;
  }
  const plain = (amount: number) => amount.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return low === high ? plain(low) : `${plain(low)}-${plain(high)}`;
}

function rangeText(low: number, high: number): string {
  return low === high ? decimal(low) : `${decimal(low)}-${decimal(high)}`;
}

/** At most two decimals, trailing zeros dropped (rounding first avoids 1.2499999). */
function decimal(amount: number): string {
  return String(Math.round(amount * 100) / 100);
}

/** The text with its first letter capitalized, for a figure that stands alone (`Under 3%`, `Up to $4M`). */
export function standaloneText(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
