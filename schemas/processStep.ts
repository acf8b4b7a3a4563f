import { z } from 'zod';
import { Text } from './text.ts';

/** One step of a process (the virtual process's five steps). */
export const ProcessStep = z.object({ number: z.number().int().positive(), title: Text, time: Text, description: Text }).strict();
export type ProcessStep = z.infer<typeof ProcessStep>;
