import type { Context } from 'hono';
import { ACCESS_ENTITY, ADMIN_PATH } from '../../../schemas/accessWire.ts';
import { AttemptLimiter } from '../identity/attemptLimiter.ts';
import type { Queryable } from '../db/db.ts';
import type { EntityRecord } from './entitiesStore.ts';
import type { AfterReply } from '../core/context.ts';
import type { LimitEvents } from '../identity/limitEvents.ts';
import { quoted } from '../mail/mailText.ts';
import type { MailDraft } from '../mail/mailDraft.ts';
import { type MailContext, sendMail } from '../mail/outbox.ts';

// Mail that tells the deck's admins something needs them (an access or consultation request). It
// goes out after the reply (afterReply.ts), so a slow mail server never delays the person asking.
// Each admin gets at most NOTICES_PER_ADMIN_PER_HOUR such mails an hour; later notices wait for one
// digest, sent once the admin's hour has room again. Whatever someone else
// typed (a name, a message, preferred times) is quoted on one line and never becomes a link
// (mailText.ts).

/** Notice mails one admin gets in an hour before the rest wait for a digest. */
export const NOTICES_PER_ADMIN_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/** What an admin notice says; the button to the console is added to it. */
export interface AdminNotice {
  kind: string;
  subject: string;
  lines: string[];
}

/** A notice (or digest) to one admin as a mail: its lines, then one button to the console. */
function noticeDraft(ctx: Pick<NoticeContext, 'publicUrl'>, to: string, kind: string, subject: string, lines: string[], answer: string): MailDraft {
  return {
    to,
    kind,
    subject,
    heading: subject,
    intro: lines.filter((line) => line.trim() !== ''),
    action: { label: answer, url: `${ctx.publicUrl()}${ADMIN_PATH}` },
  };
}

/** The addresses of the app's admins whose access has not been revoked. */
export async function adminEmails(db: Queryable, appId: string): Promise<string[]> {
  const result = await db.query<{ email: string }>(
    `SELECT email FROM users WHERE app_id = $1 AND role = 'admin' AND revoked_at IS NULL ORDER BY created_date, id`,
    [appId],
  );
  return result.rows.map((row) => row.email);
}

/** The per-admin notice budget, counted in the database like every limit (shared by all processes). */
export class NoticeThrottle {
  readonly limiter: AttemptLimiter;

  constructor(readonly events: LimitEvents) {
    this.limiter = new AttemptLimiter(events, 'notice', NOTICES_PER_ADMIN_PER_HOUR, HOUR_MS);
  }
}

/** What notices use: the mail, each admin's budget, and the queue that sends them after the reply. */
export interface NoticeContext extends MailContext {
  notices: NoticeThrottle;
  afterReply: AfterReply;
}

const key = (appId: string, email: string) => `${appId}:${email}`;

/** Mails `notice` to every admin of the app (or keeps it for their digest), with the console's link. */
export async function mailAdmins(ctx: NoticeContext, appId: string, notice: AdminNotice): Promise<void> {
  for (const to of await adminEmails(ctx.db, appId)) {
    if ((await ctx.notices.limiter.reserve(key(appId, to))) === 0) {
      await sendMail(ctx, appId, noticeDraft(ctx, to, notice.kind, notice.subject, notice.lines, 'Open the console to answer it'));
      continue;
    }
    await ctx.db.query('INSERT INTO notice_digest (app_id, admin_email, subject, lines, at) VALUES ($1, $2, $3, $4::jsonb, $5)', [
      appId,
      to,
      notice.subject,
      JSON.stringify(notice.lines),
      ctx.notices.events.now(),
    ]);
  }
}

/**
 * Sends each admin whose hour has room again one digest of the notices kept for them. Each digest is
 * taken in one locked transaction (the admin's budget and the rows together), so of several
 * processes flushing at once exactly one sends it.
 */
export async function flushNoticeDigests(ctx: NoticeContext): Promise<void> {
  const waiting = await ctx.db.query<{ app_id: string; admin_email: string }>('SELECT DISTINCT app_id, admin_email FROM notice_digest');
  for (const { app_id: appId, admin_email: to } of waiting.rows) {
    const lock = ctx.notices.limiter.lockKey(key(appId, to));
    const taken = await ctx.notices.events.locked([lock], async (tx) => {
      if ((await ctx.notices.limiter.waitIn(tx, key(appId, to))) > 0) return [];
      const rows = await tx.query<{ subject: string; lines: string[] }>(
        'DELETE FROM notice_digest WHERE app_id = $1 AND admin_email = $2 RETURNING subject, lines, id',
        [appId, to],
      );
      if (rows.rows.length > 0) await ctx.notices.limiter.takeIn(tx, key(appId, to));
      return rows.rows;
    });
    if (taken.length === 0) continue;
    const lines = [
      `${taken.length} more ${taken.length === 1 ? 'notice' : 'notices'} arrived while you had already had ${NOTICES_PER_ADMIN_PER_HOUR} this hour:`,
      ...taken.map((notice) => `${notice.subject}: ${notice.lines.filter((line) => line.trim() !== '').join(' ')}`),
    ];
    const subject = `${taken.length} more requests about the deck`;
    await sendMail(ctx, appId, noticeDraft(ctx, to, 'notice_digest', subject, lines, 'Open the console to answer them'));
  }
}

const text = (value: unknown): string => (typeof value === 'string' && value.trim() ? value.trim() : '');

// Who made a request, as a notice names them: “Ann Lee” <ann@lender.example>, or the address alone.
// The address is the account's (verified); the name is whatever the person typed, so it is quoted.
function asker(record: EntityRecord): string {
  const name = quoted(record.full_name, 100);
  const email = text(record.email) || 'someone without an account';
  return name ? `${name} <${email}>` : email;
}

/** The notice of a new access request. */
export function accessRequestNotice(record: EntityRecord): AdminNotice {
  const message = quoted(record.message);
  return {
    kind: 'access_request',
    subject: 'Someone asks for access to the deck',
    lines: [`${asker(record)} asks for access to the deck.`, ...(message ? ['', `Their message: ${message}`] : [])],
  };
}

// The askers of several records, at most five named.
function names(records: EntityRecord[]): string {
  const all = [...new Set(records.map(asker))];
  return all.length > 5 ? `${all.slice(0, 5).join(', ')} and ${all.length - 5} more` : all.join(', ');
}

// One notice per create call, whatever the number of records, so a bulk create is one mail per admin.
function consultationNotice(records: EntityRecord[]): AdminNotice {
  if (records.length !== 1) {
    return {
      kind: 'consultation',
      subject: `${records.length} new consultation requests`,
      lines: [`${records.length} consultation requests arrived, from ${names(records)}.`],
    };
  }
  const record = records[0]!;
  const message = quoted(record.message);
  return {
    kind: 'consultation',
    subject: 'A consultation request',
    lines: [
      `${asker(record)} asks for a consultation.`,
      `Preferred times: ${quoted(record.preferred_times)}`,
      ...(message ? [`Their message: ${message}`] : []),
    ],
  };
}

/** The notice admins get when records of an entity are created through the generic entity routes, by entity. */
export const NOTICE_ON_CREATE: Readonly<Record<string, (records: EntityRecord[]) => AdminNotice>> = {
  [ACCESS_ENTITY.consultation]: consultationNotice,
};

/** Queues the admins' notice of `records` (created through the entity routes) when their entity has one. */
export function noticeAdminsOfCreate(ctx: NoticeContext, c: Context, appId: string, entity: string, records: EntityRecord[]): void {
  const notice = Object.hasOwn(NOTICE_ON_CREATE, entity) ? NOTICE_ON_CREATE[entity]! : undefined;
  if (!notice || records.length === 0) return;
  ctx.afterReply.add(c, `${entity} notice`, () => mailAdmins(ctx, appId, notice(records)));
}
