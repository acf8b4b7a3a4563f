import { z } from 'zod';
import { FigureId } from './figure.ts';
import { Usd, UsdRange } from './money.ts';
import { GroupName, Text } from './text.ts';

/**
 * A headline figure: `figure: market.homeEquity` shows a figure of the ledger (slides/figures.yaml),
 * formatted by the one figure formatter. `value` is for words that are not a figure (`High costs`);
 * a number typed into `value`, `usd` or `usdRange` is a check error that names the ledger id to use.
 */
export const Stat = z
  .object({
    group: GroupName,
    figure: FigureId.optional(),
    value: Text.optional(),
    usd: Usd.optional(),
    usdRange: UsdRange.optional(),
    /** Show every dollar (`$1,209,750`) rather than the compact form. */
    exact: z.boolean().optional(),
    prefix: z.string().optional(),
    suffix: z.string().optional(),
    label: Text,
    sublabel: Text.optional(),
  })
  .strict()
  .check((ctx) => {
    const given = ['figure', 'value', 'usd', 'usdRange'].filter((key) => ctx.value[key as 'value'] !== undefined);
    if (given.length !== 1) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [],
        message: `needs exactly one of figure, value, usd, usdRange (has ${given.length ? given.join(', ') : 'none'})`,
      });
    }
  });
export type Stat = z.infer<typeof Stat>;
