import { z } from 'zod';
import { Text } from './text.ts';

/** One year on the news brand's timeline (spec: 2003 to 2025). */
export const TimelineEntry = z.object({ year: z.number().int().min(1900).max(2100), title: Text, description: Text }).strict();
export type TimelineEntry = z.infer<typeof TimelineEntry>;
