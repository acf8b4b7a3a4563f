import { randomUUID } from 'node:crypto';
import { type Caller, isAdmin } from '../identity/access.ts';
import { nowIso, type Queryable } from '../db/db.ts';
import type { Params } from '../db/sqlParams.ts';

/** A stored agent conversation: id, agent_name, metadata, messages and the system fields. */
export type Conversation = Record<string, unknown> & { id: string; messages: Record<string, unknown>[] };

/** The socket room where a conversation's updates go, named as the platform's published client subscribes to it. */
export function conversationRoom(id: string): string {
  return `/agent-conversations/${id}`;
}

/**
 * The `source` of a conversation list: admins and the service role see all of the app's, a user
 * sees their own, and an anonymous caller (public_without_login) sees the anonymous ones.
 */
export function conversationDocuments(appId: string, caller: Caller): (params: Params) => string {
  return (params) => {
    const base = `SELECT data AS doc, seq FROM conversations WHERE app_id = ${params.add(appId)}`;
    if (isAdmin(caller)) return base;
    if (caller.kind === 'user') return `${base} AND created_by_id = ${params.add(caller.user.id)}`;
    return `${base} AND created_by_id IS NULL`;
  };
}

/** One conversation the caller may read, or null. */
export async function findConversation(db: Queryable, appId: string, id: string, caller: Caller): Promise<Conversation | null> {
  const result = await db.query<{ data: Conversation; created_by_id: string | null }>(
    'SELECT data, created_by_id FROM conversations WHERE app_id = $1 AND id = $2',
    [appId, id],
  );
  const row = result.rows[0];
  if (!row) return null;
  const own = caller.kind === 'user' ? row.created_by_id === caller.user.id : row.created_by_id === null;
  return isAdmin(caller) || own ? row.data : null;
}

/** Stores a new, empty conversation. */
export async function createConversation(
  db: Queryable,
  appId: string,
  fields: { agent_name: string; metadata?: Record<string, unknown> | undefined },
  caller: Caller,
): Promise<Conversation> {
  const now = nowIso();
  const user = caller.kind === 'user' ? caller.user : null;
  const conversation: Conversation = {
    id: randomUUID(),
    app_id: appId,
    agent_name: fields.agent_name,
    metadata: fields.metadata ?? {},
    messages: [],
    created_date: now,
    updated_date: now,
    created_by: user?.email ?? null,
    created_by_id: user?.id ?? null,
  };
  await db.query('INSERT INTO conversations (id, app_id, created_by_id, data) VALUES ($1, $2, $3, $4::jsonb)', [
    conversation.id,
    appId,
    conversation.created_by_id,
    JSON.stringify(conversation),
  ]);
  return conversation;
}

/** Appends a message (given an id and a date) in one statement and returns the whole conversation. */
export async function appendMessage(
  db: Queryable,
  appId: string,
  id: string,
  message: Record<string, unknown>,
): Promise<{ conversation: Conversation; message: Record<string, unknown> }> {
  const now = nowIso();
  const stored = { ...message, id: randomUUID(), created_date: now };
  const result = await db.query<{ data: Conversation }>(
    `UPDATE conversations
     SET data = jsonb_set(data, '{messages}', COALESCE(data->'messages', '[]'::jsonb) || jsonb_build_array($3::jsonb))
                || jsonb_build_object('updated_date', $4::text)
     WHERE app_id = $1 AND id = $2 RETURNING data`,
    [appId, id, JSON.stringify(stored), now],
  );
  return { conversation: result.rows[0]!.data, message: stored };
}
