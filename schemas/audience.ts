import { z } from 'zod';
import { GroupName, Text } from './text.ts';

/** Who a brand speaks to (the radio brand's primary and secondary audiences). */
export const Audience = z.object({ group: GroupName, audience: Text, description: Text }).strict();
export type Audience = z.infer<typeof Audience>;
