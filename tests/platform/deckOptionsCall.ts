import { expect } from 'vitest';
import { ENGAGEMENT_ENTITY, type DeckOptions } from '../../schemas/engagementPaths.ts';
import type { TestPlatform } from './harness.ts';

/** Sets the deck's options as the admin holding `token` does in the console: the one options record, made on first use. */
export async function setDeckOptions(p: TestPlatform, token: string, options: Partial<DeckOptions>): Promise<void> {
  const [record] = (await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.options}`, { token })).body as Array<{ id: string }>;
  const reply = record
    ? await p.call('PUT', `/entities/${ENGAGEMENT_ENTITY.options}/${record.id}`, { token, body: options })
    : await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token, body: options });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}
