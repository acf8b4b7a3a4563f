import { z } from 'zod';
import { formatUsd } from './formatUsd.ts';

export { formatUsd, formatUsdRange } from './formatUsd.ts';

/** US dollars as a plain number; every amount on the deck is formatted by `formatUsd`. */
export const Usd = z.number({ error: 'must be a number of US dollars' }).finite().nonnegative();
export type Usd = z.infer<typeof Usd>;

/** A low-high dollar range, as the spec writes valuations and investment asks. */
export const UsdRange = z
  .object({ low: Usd, high: Usd })
  .strict()
  .check((ctx) => {
    if (ctx.value.low > ctx.value.high) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['low'],
        message: `low (${formatUsd(ctx.value.low)}) is above high (${formatUsd(ctx.value.high)})`,
      });
    }
  });
export type UsdRange = z.infer<typeof UsdRange>;
