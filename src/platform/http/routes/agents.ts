import { Hono } from 'hono';
import { z } from 'zod';
import { readJson, validate } from '../body.ts';
import { appendMessage, conversationDocuments, conversationRoom, createConversation, findConversation } from '../../records/conversations.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { parseListParams, queryDocuments } from '../../records/listQuery.ts';

const NewConversation = z.object({
  agent_name: z.string().min(1).max(200),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Stored agent conversations. The local platform runs no agent: a message is stored and broadcast,
 * and no assistant reply follows. Mounted at /agents/conversations.
 */
export function agentRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const conversations = new Hono<AppEnv>();
  conversations.get('/', async (c) => {
    const source = conversationDocuments(c.get('app').id, c.get('caller'));
    return c.json(await queryDocuments(ctx.db, source, parseListParams(c.req.query())));
  });

  conversations.post('/', async (c) => {
    const body = validate(NewConversation, await readJson(c));
    return c.json(await createConversation(ctx.db, c.get('app').id, body, c.get('caller')));
  });

  conversations.get('/:id', async (c) => {
    const conversation = await findConversation(ctx.db, c.get('app').id, c.req.param('id'), c.get('caller'));
    if (!conversation) throw notFound(`Conversation ${c.req.param('id')} not found`);
    return c.json(conversation);
  });

  conversations.post('/:id/messages', async (c) => {
    const app = c.get('app');
    const id = c.req.param('id');
    if (!(await findConversation(ctx.db, app.id, id, c.get('caller')))) throw notFound(`Conversation ${id} not found`);
    const body = await readJson(c);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body', 'must be a message object');
    const { conversation, message } = await appendMessage(ctx.db, app.id, id, body as Record<string, unknown>);
    ctx.broadcaster.publish(conversationRoom(id), conversation);
    return c.json(message);
  });
  return conversations;
}
