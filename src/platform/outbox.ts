import { randomUUID } from 'node:crypto';
import { nowIso, type Queryable } from './db.ts';
import type { Params } from './queryFilter.ts';

/** One message the platform would have mailed: kept in the outbox table and written to the log. */
export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  /** What it carries: `otp`, `reset`, `invite`, `account_exists`. */
  kind: string;
  /**
   * Codes and links that grant access: the log gets the whole body, the stored copy has each one
   * replaced by a mark, so neither the outbox table nor the database's write-ahead log ever holds
   * them (issue 9, finding 7).
   */
  secrets?: string[];
}

/**
 * Where mail goes: always the outbox table (secrets hidden); then `deliver` when a mail server is
 * configured (SMTP_URL), else the log, the only place codes and links appear without one.
 */
export interface MailContext {
  db: Queryable;
  log: (line: string) => void;
  /** Hands the whole message to a real mail server; absent without SMTP_URL. */
  deliver?: ((message: OutboxMessage) => Promise<void>) | undefined;
}

/** What the stored copy shows in place of a secret. */
export const HIDDEN_MARK = '[hidden: shown only in the server log]';

/**
 * "Sends" a message: there is no mail server locally, so an admin reads it in the server log (the
 * only place codes and reset links appear) or, without its secrets, through
 * `GET /api/apps/{appId}/entities/Outbox` (admin and service role only).
 */
export async function sendMail(mail: MailContext, appId: string, message: OutboxMessage): Promise<Record<string, unknown>> {
  const { db, log } = mail;
  const { secrets = [], ...shown } = message;
  const stored = secrets.reduce((body, secret) => (secret ? body.split(secret).join(HIDDEN_MARK) : body), message.body);
  const record = { id: randomUUID(), app_id: appId, ...shown, body: stored, created_date: nowIso() };
  await db.query('INSERT INTO outbox (id, app_id, data) VALUES ($1, $2, $3::jsonb)', [
    record.id,
    appId,
    JSON.stringify(record),
  ]);
  log(`[outbox] to ${message.to} (${message.kind}): ${message.subject}\n${message.body}`);
  return record;
}

/** The `source` of an Outbox list for listQuery.queryDocuments. */
export function outboxDocuments(appId: string): (params: Params) => string {
  return (params) => `SELECT data AS doc, seq FROM outbox WHERE app_id = ${params.add(appId)}`;
}
