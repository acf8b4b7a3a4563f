import { z } from 'zod';
import { FigureId } from './figure.ts';
import { Usd, UsdRange } from './money.ts';
import { GroupName, PageName, Text } from './text.ts';

/**
 * Highlight, problem and feature cards: a title and a description, and where a
 * slide needs them an impact label, a code (`KG-001`), features, a value and a sublabel.
 */
export const Card = z
  .object({
    group: GroupName,
    title: Text,
    description: Text.optional(),
    impact: Text.optional(),
    code: z
      .string()
      .regex(/^[A-Z]{2,5}-\d{3}$/, 'must be a code such as KG-001')
      .optional(),
    features: z.array(Text).min(1).optional(),
    /** A headline figure of the ledger (`market.homeEquity`), shown above the title. */
    figure: FigureId.optional(),
    /** Words shown where a figure would be (`TBD`); a number here is a check error naming the ledger id. */
    value: Text.optional(),
    usd: Usd.optional(),
    usdRange: UsdRange.optional(),
    sublabel: Text.optional(),
    icon: Text.optional(),
    /** The page the card links to, by name (`CoreTechnology`); the content check resolves it. */
    link: PageName.optional(),
  })
  .strict();
export type Card = z.infer<typeof Card>;
