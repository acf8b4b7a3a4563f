import { z } from 'zod';
import { Usd, UsdRange } from './money.ts';
import { GroupName, Text } from './text.ts';

/**
 * A headline figure. Money is a number (`usd`, `usdRange`) formatted by the one money formatter;
 * other figures keep the spec's own text (`value: "45-60+ days"`).
 */
export const Stat = z
  .object({
    group: GroupName,
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
    const given = ['value', 'usd', 'usdRange'].filter((key) => ctx.value[key as 'value'] !== undefined);
    if (given.length !== 1) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [],
        message: `needs exactly one of value, usd, usdRange (has ${given.length ? given.join(', ') : 'none'})`,
      });
    }
  });
export type Stat = z.infer<typeof Stat>;
