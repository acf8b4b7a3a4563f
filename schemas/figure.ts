import { z } from 'zod';
import { FIGURE_KINDS, FIGURE_QUALIFIERS } from './formatFigure.ts';
import { Text } from './text.ts';

/** A figure's id in the ledger: an area and a name, `market.homeEquity`. */
export const FigureId = z
  .string({ error: 'must be a figure id such as market.homeEquity' })
  .regex(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/, 'must be a figure id such as market.homeEquity (an area, a dot, a name)');
export type FigureId = z.infer<typeof FigureId>;

/** What a source or an as-of date says while the real one is still missing: the release build refuses it. */
export const SAMPLE_SOURCE = 'to be supplied';

/** One amount, or a low-high range. */
const Amount = z
  .union([z.number().finite(), z.object({ low: z.number().finite(), high: z.number().finite() }).strict()], {
    error: 'must be a number, or a range such as { low: 27000000, high: 30000000 }',
  })
  // Checked on the union, not inside its range option: a union that fails says only its own words.
  .check((ctx) => {
    const amount = ctx.value;
    // Stryker disable next-line ConditionalExpression: a number's low and high are undefined, and undefined > undefined is false.
    if (typeof amount === 'object' && amount.low > amount.high) {
      ctx.issues.push({ code: 'custom', input: amount, path: ['low'], message: `low (${amount.low}) is above high (${amount.high})` });
    }
  });

/** Whether a `2025-06-30` date is a day of the calendar: the pattern alone lets every month have a 31st. */
function onTheCalendar(text: string): boolean {
  // Stryker disable next-line Regex: the refinement runs only on text the whole-date pattern accepted, which starts with the year.
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  // A month alone and the sample value have no day to check.
  if (!parts) return true;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/** `2025-06-30`, `2025-06`, or the sample value while the date is unknown. */
const AsOf = z
  .string({ error: `must be a date such as 2025-06-30 or 2025-06, or "${SAMPLE_SOURCE}"` })
  .regex(
    new RegExp(`^(\\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\\d|3[01]))?|${SAMPLE_SOURCE})$`),
    `must be a date such as 2025-06-30 or 2025-06, or "${SAMPLE_SOURCE}"`,
  )
  .refine(onTheCalendar, {
    // A text the pattern refused has its message already: one message per mistake.
    when: (payload) => payload.issues.length === 0,
    error: (issue) => `${String(issue.input)} is not a day of the calendar: write the day the source gives, or only its month (2025-06)`,
  });

/** Other figures this one states the total or the number of: ids, or `area.*` for a whole area. */
const FigureSelection = z
  .array(z.string().regex(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*(\.\*)?$/, 'must be a figure id or an area such as valuation.*'))
  .min(1);

const kindFields = Object.fromEntries(FIGURE_KINDS.map((kind) => [kind, Amount.optional()])) as Record<
  (typeof FIGURE_KINDS)[number],
  z.ZodOptional<typeof Amount>
>;

/**
 * One fact the deck states as a number, written once in `slides/figures.yaml`: what it measures, its
 * typed value (exactly one kind key: `usd: 13950000000000`, `count: { low: 27000000, high: 30000000 }`,
 * `percent: 3` …), where it comes from and as of when.
 */
export const FigureEntry = z
  .object({
    /** What the figure measures, in the words a source note shows beside it. */
    label: Text,
    ...kindFields,
    qualifier: z.enum(FIGURE_QUALIFIERS, { error: `must be one of ${FIGURE_QUALIFIERS.join(', ')}` }).optional(),
    exact: z.boolean().optional(),
    form: z.literal('compound', { error: 'must be compound (30-minute) or left out (30 minutes)' }).optional(),
    source: Text,
    asOf: AsOf,
    notes: Text.optional(),
    /** A stated total: the check compares it with the sum of these figures (a warning when they differ). */
    sumOf: FigureSelection.optional(),
    /** A stated count: the check compares it with the number of these figures (an error when they differ). */
    countOf: FigureSelection.optional(),
  })
  .strict()
  .check((ctx) => {
    const given = FIGURE_KINDS.filter((kind) => ctx.value[kind] !== undefined);
    if (given.length !== 1) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [],
        message: `needs exactly one value, one of ${FIGURE_KINDS.join(', ')} (has ${given.length ? given.join(', ') : 'none'})`,
      });
    }
  });
export type FigureEntry = z.infer<typeof FigureEntry>;

/** How old an as-of date may be before the check warns, unless `staleAfterMonths` says otherwise. */
export const DEFAULT_STALE_AFTER_MONTHS = 18;

/** `slides/figures.yaml`: the figures ledger. */
export const FiguresFile = z
  .object({
    staleAfterMonths: z.number({ error: 'must be a number of months' }).int().positive('must be 1 or more').optional(),
    figures: z.record(FigureId, FigureEntry),
  })
  .strict();
export type FiguresFile = z.infer<typeof FiguresFile>;
