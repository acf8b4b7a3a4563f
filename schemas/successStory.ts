import { z } from 'zod';
import { FigureId } from './figure.ts';
import { Usd } from './money.ts';
import { Text } from './text.ts';

/** An illustrative success-story sample; the slide always labels these as illustrative. */
export const SuccessStory = z
  .object({
    name: Text,
    age: z.number().int().min(62, 'must be at least 62, the eligibility age'),
    state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code such as FL'),
    /** A money figure of the ledger (`purchase.averageTransaction`): samples use the spec's figures only. */
    amount: z.union([FigureId, Usd], { error: 'must be the id of a money figure in slides/figures.yaml, such as purchase.averageTransaction' }),
    highlight: Text,
    story: Text,
  })
  .strict();
export type SuccessStory = z.infer<typeof SuccessStory>;
