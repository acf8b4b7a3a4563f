import { randomUUID } from 'node:crypto';
import { nowIso, type Queryable } from '../db/db.ts';
import type { Params } from '../db/sqlParams.ts';
import type { MailDraft, RenderedMail } from './mailDraft.ts';
import type { DeckIdentity } from './mailWording.ts';
import { mailPlainText, mailSubject } from './mailPlainText.ts';

/**
 * Where mail goes: always the outbox table (secrets hidden); then `deliver` when a mail server is
 * configured (SMTP_URL), else the log, the only place codes and links appear without one.
 */
export interface MailContext {
  db: Queryable;
  log: (line: string) => void;
  /** Hands the whole message to a real mail server; absent without SMTP_URL. */
  deliver?: ((message: RenderedMail) => Promise<void>) | undefined;
  /** Whether `deliver` attaches the company's logo, which the HTML part then shows (mailer.ts). */
  mailLogo?: boolean;
  /** Who sends the mail and where the deck lives: named in every subject and footer (mailWording.ts). */
  deck: DeckIdentity;
  publicUrl: () => string;
}

/** What the stored copy shows in place of a secret. */
export const HIDDEN_MARK = '[hidden: shown only in the server log]';

/** The same, when a mail server is configured: the secret went only to the recipient's mailbox. */
export const MAILED_MARK = '[hidden: sent only to the recipient]';

/** Where a stored copy's message went, when a mail server is configured; absent without one. */
export type Delivery = 'sending' | 'sent' | 'failed';

function logWhole(log: MailContext['log'], message: RenderedMail): void {
  log(`[outbox] to ${message.to} (${message.kind}): ${message.subject}\n${message.text}`);
}

/**
 * Sends a message. The outbox table always gets a copy without its secrets, written first so a
 * failed delivery loses nothing (admins and the service role read it through
 * `GET /api/apps/{appId}/entities/Outbox`). With a mail server the log names the message but not
 * its body, so codes stay out of logs; without one, or when the server refuses it, the log shows
 * the whole message, the only place its codes and links then appear.
 */
export async function sendMail(mail: MailContext, appId: string, draft: MailDraft): Promise<Record<string, unknown>> {
  const { db, log, deliver } = mail;
  // Every mail names the company and the deck, why it came and what to do if unexpected (mailPlainText.ts, mailHtml.tsx).
  const frame = { deck: mail.deck, publicUrl: mail.publicUrl(), logo: Boolean(deliver && mail.mailLogo) };
  const message: RenderedMail = {
    to: draft.to,
    kind: draft.kind,
    subject: mailSubject(draft, frame),
    text: mailPlainText(draft, frame),
    html: '',
    replyTo: draft.replyTo,
  };
  const secrets = draft.secrets ?? [];
  const hidden = (mark: string) => secrets.reduce((body, secret) => (secret ? body.split(secret).join(mark) : body), message.text);
  const record: Record<string, unknown> = {
    ...draft.keep,
    id: randomUUID(),
    app_id: appId,
    to: message.to,
    subject: message.subject,
    body: hidden(deliver ? MAILED_MARK : HIDDEN_MARK),
    kind: message.kind,
    created_date: nowIso(),
  };
  if (deliver) record.delivery = 'sending' satisfies Delivery;
  await db.query('INSERT INTO outbox (id, app_id, data) VALUES ($1, $2, $3::jsonb)', [record.id, appId, JSON.stringify(record)]);
  if (!deliver) {
    logWhole(log, message);
    return record;
  }
  let outcome: Record<string, unknown>;
  try {
    const { mailHtml } = await import('./mailHtml.tsx');
    await deliver({ ...message, html: mailHtml(draft, frame) });
    outcome = { delivery: 'sent' satisfies Delivery };
    log(`[mail] sent to ${message.to} (${message.kind}): ${message.subject}`);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);
    outcome = { delivery: 'failed' satisfies Delivery, delivery_error: reason, body: hidden(HIDDEN_MARK) };
    log(`[mail] could not send to ${message.to}: ${reason}`);
    // Not lost: the log is where an admin reads it, as without a mail server.
    logWhole(log, message);
  }
  await db.query('UPDATE outbox SET data = data || $2::jsonb WHERE id = $1', [record.id, JSON.stringify(outcome)]);
  return { ...record, ...outcome };
}

/** The `source` of an Outbox list for listQuery.queryDocuments. */
export function outboxDocuments(appId: string): (params: Params) => string {
  return (params) => `SELECT data AS doc, seq FROM outbox WHERE app_id = ${params.add(appId)}`;
}
