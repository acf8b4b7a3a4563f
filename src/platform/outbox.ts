import { randomUUID } from 'node:crypto';
import { nowIso, type Queryable } from './db.ts';
import type { Params } from './queryFilter.ts';

/** One message the platform would have mailed: kept in the outbox table and written to the log. */
export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  /** What it carries: `otp`, `reset`, `invite`. */
  kind: string;
}

/**
 * "Sends" a message: there is no mail server locally, so an admin reads it in the log or through
 * `GET /api/apps/{appId}/entities/Outbox` (admin and service role only).
 */
export async function sendMail(
  db: Queryable,
  appId: string,
  message: OutboxMessage,
  log: (line: string) => void,
): Promise<Record<string, unknown>> {
  const record = { id: randomUUID(), app_id: appId, ...message, created_date: nowIso() };
  await db.query('INSERT INTO outbox (id, app_id, data) VALUES ($1, $2, $3::jsonb)', [
    record.id,
    appId,
    JSON.stringify(record),
  ]);
  log(`[outbox] to ${message.to}: ${message.subject}\n${message.body}`);
  return record;
}

/** The `source` of an Outbox list for listQuery.queryDocuments. */
export function outboxDocuments(appId: string): (params: Params) => string {
  return (params) => `SELECT data AS doc, seq FROM outbox WHERE app_id = ${params.add(appId)}`;
}
