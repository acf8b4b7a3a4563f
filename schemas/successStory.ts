import { z } from 'zod';
import { Usd } from './money.ts';
import { Text } from './text.ts';

/** An illustrative success-story sample; the slide always labels these as illustrative. */
export const SuccessStory = z
  .object({
    name: Text,
    age: z.number().int().min(62, 'must be at least 62, the eligibility age'),
    state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code such as FL'),
    amount: Usd,
    highlight: Text,
    story: Text,
  })
  .strict();
export type SuccessStory = z.infer<typeof SuccessStory>;
