import type { FigureKind, FigureQualifier, FigureValue } from '../../schemas/formatFigure.ts';

/** What a figure measures in, for comparing a typed literal with a ledger figure. */
export type FigureUnit = 'usd' | 'count' | 'percent' | 'day' | 'hour' | 'minute' | 'year' | 'times' | 'degree';

/** A figure reduced to what it says: `$13.95T`, `13.95 trillion` and `13,950,000,000,000` are one. */
export interface NormalizedFigure {
  unit: FigureUnit;
  low: number;
  high: number;
  /** `plus` (30M+, over 30M), `under` (under 3%, below 3%), `increase` (+27%); '' for none (`up to` says the amount is a maximum, not another amount). */
  qualifier: Exclude<FigureQualifier, 'up to'> | '';
  /** The amount carried a magnitude word or suffix (`13.95 trillion`, `27-30M`): a bare large number may be money. */
  scaled: boolean;
}

/** A number found in a page's text, where it stands and what it says. */
export interface FigureLiteral {
  text: string;
  /** Offset of `text` in the scanned string. */
  index: number;
  figure: NormalizedFigure;
}

const UNIT_OF_KIND: Record<FigureKind, FigureUnit> = {
  usd: 'usd',
  count: 'count',
  percent: 'percent',
  days: 'day',
  hours: 'hour',
  minutes: 'minute',
  years: 'year',
  times: 'times',
  degrees: 'degree',
};

/** A ledger value in the comparable form. `up to $4M` states the same amount as `$4M`, a maximum. */
export function normalizeValue(value: FigureValue): NormalizedFigure {
  const qualifier = value.qualifier === 'up to' ? '' : (value.qualifier ?? '');
  return { unit: UNIT_OF_KIND[value.kind], low: value.low, high: value.high, qualifier, scaled: false };
}

const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};
const WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};
const UNIT_WORDS: ReadonlyArray<readonly [RegExp, FigureUnit]> = [
  [/^days?$/i, 'day'],
  [/^hours?$|^hrs?$/i, 'hour'],
  [/^minutes?$|^mins?$/i, 'minute'],
  [/^years?$|^yrs?$/i, 'year'],
  [/^[x×]$/i, 'times'],
  [/^°$|^degrees?$/i, 'degree'],
];

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
/** `ten` and `Ten`: the pattern is case-sensitive, so `5b` or `3m` is never read as a scale. */
const capitalized = (word: string) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`;
const WORD_NUMBER = Object.keys(WORDS).map(capitalized).join('|');
const SCALE_WORD = String.raw`\s?(?:thousand|million|billion|trillion)\b|(?:[KMBT]|bn|mn|tn|k)(?![A-Za-z\d])`;
const UNIT_WORD = String.raw`(?:\s|-)?(?:days?|hours?|hrs?|minutes?|mins?|years?|yrs?|degrees?)\b|[x×](?![A-Za-z\d])|°`;
const QUALIFIER = `(?:${['under', 'below', 'less than', 'over', 'more than', 'up to', 'about', 'approximately', 'around', 'nearly', 'roughly'].map(capitalized).join('|')}|~)\\s*`;
const AMOUNT = (n: string) => String.raw`(?<cur${n}>\$)?(?<num${n}>${NUMBER})(?<scale${n}>${SCALE_WORD})?(?<pct${n}>%)?(?<plus${n}>\+)?`;

/** One figure as a page types it; compiled once (a page's check scans hundreds of strings). */
const FIGURE_LITERAL = new RegExp(
  String.raw`(?<![\w.,/$+-])(?<qual>${QUALIFIER})?(?<sign>\+)?(?:${AMOUNT('1')}(?:\s?(?:-|–|—|to)\s?${AMOUNT('2')})?(?<unit>${UNIT_WORD})?(?![\w/]|\.\d)|(?<word>\b(?:${WORD_NUMBER})\b))`,
  'g',
);

/**
 * Every figure a text states: `$13.95T`, `13.95 trillion`, `27-30M`, `45–60+ days`, `under 3%`, `+27%`,
 * `30-minute`, `3x`, `ten brands`. Codes (`KG-001`, `Q1`), fractions (`24/7`) and numbers inside words
 * are not figures.
 */
export function findFigureLiterals(text: string): FigureLiteral[] {
  const found: FigureLiteral[] = [];
  // matchAll scans with its own copy of the pattern: the one compiled here serves every call.
  for (const match of text.matchAll(FIGURE_LITERAL)) {
    const groups = match.groups!;
    const figure = groups.word
      ? { unit: 'count' as const, low: WORDS[groups.word.toLowerCase()]!, high: WORDS[groups.word.toLowerCase()]!, qualifier: '' as const, scaled: false }
      : toFigure(groups);
    if (!figure) continue;
    // The qualifier word belongs to the figure only when it changes the amount (`under`, `over`), not `about` or `up to`.
    const start = match.index + (groups.qual && !/^(under|below|less than|over|more than)/i.test(groups.qual) ? groups.qual.length : 0);
    found.push({ text: text.slice(start, match.index + match[0].length).trim(), index: start, figure });
  }
  return found;
}

function toFigure(groups: Record<string, string | undefined>): NormalizedFigure | undefined {
  const low = amountOf(groups.num1!, groups.scale1);
  const second = groups.num2 === undefined ? undefined : amountOf(groups.num2, groups.scale2);
  // `27-30M`: a suffix on the high end alone scales both ends.
  const lowScaled = groups.scale1 === undefined && groups.scale2 !== undefined && second !== undefined ? low * scaleOf(groups.scale2) : low;
  const high = second ?? lowScaled;
  const percent = groups.pct1 !== undefined || groups.pct2 !== undefined;
  const usd = groups.cur1 !== undefined || groups.cur2 !== undefined;
  const unitWord = groups.unit?.replace(/^[\s-]/, '');
  const unit: FigureUnit = usd ? 'usd' : percent ? 'percent' : unitWord ? (UNIT_WORDS.find(([word]) => word.test(unitWord))?.[1] ?? 'count') : 'count';
  return {
    unit,
    low: lowScaled,
    high,
    qualifier: qualifierOf(groups),
    scaled: groups.scale1 !== undefined || groups.scale2 !== undefined,
  };
}

function qualifierOf(groups: Record<string, string | undefined>): NormalizedFigure['qualifier'] {
  const word = groups.qual?.trim().toLowerCase() ?? '';
  if (groups.plus1 !== undefined || groups.plus2 !== undefined || /^(over|more than)$/.test(word)) return 'plus';
  if (/^(under|below|less than)$/.test(word)) return 'under';
  if (groups.sign !== undefined) return 'increase';
  return '';
}

function amountOf(number: string, scale: string | undefined): number {
  return Number(number.replace(/,/g, '')) * (scale === undefined ? 1 : scaleOf(scale));
}

function scaleOf(scale: string): number {
  return SCALE[scale.trim().toLowerCase()] ?? 1;
}

/** Two amounts equal to a billionth (13.95 × 10¹² is not exactly 13950000000000 in floating point). */
function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 1e-9;
}

/**
 * Whether a literal states this ledger figure: the same amount or range, the same qualifier and a
 * compatible unit. A bare number matches a count, or money when it is large or scaled (`13.95 trillion`).
 */
export function statesFigure(literal: NormalizedFigure, figure: NormalizedFigure): boolean {
  if (!sameAmount(literal.low, figure.low) || !sameAmount(literal.high, figure.high) || literal.qualifier !== figure.qualifier) return false;
  if (literal.unit === figure.unit) return true;
  return literal.unit === 'count' && figure.unit === 'usd' && (literal.scaled || literal.low >= 1e6);
}

/** Whether a literal and a figure measure in the same unit (so one may be the other, changed). */
export function sameUnit(literal: NormalizedFigure, figure: NormalizedFigure): boolean {
  return literal.unit === figure.unit || (literal.unit === 'count' && figure.unit === 'usd' && (literal.scaled || literal.low >= 1e6));
}
