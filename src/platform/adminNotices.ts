import type { Context } from 'hono';
import { ACCESS_ENTITY, ADMIN_PATH } from '../../schemas/accessWire.ts';
import type { Queryable } from './db.ts';
import type { EntityRecord } from './entitiesStore.ts';
import type { PlatformContext } from './httpTypes.ts';
import { sendMail } from './outbox.ts';

// Mail that tells the deck's admins something needs them (an access or consultation request). It
// goes out after the reply (afterReply.ts), so a slow mail server never delays the person asking.

/** What an admin notice says; the console's address is added at the end. */
export interface AdminNotice {
  kind: string;
  subject: string;
  lines: string[];
}

/** The addresses of the app's admins whose access has not been revoked. */
export async function adminEmails(db: Queryable, appId: string): Promise<string[]> {
  const result = await db.query<{ email: string }>(
    `SELECT email FROM users WHERE app_id = $1 AND role = 'admin' AND revoked_at IS NULL ORDER BY created_date, id`,
    [appId],
  );
  return result.rows.map((row) => row.email);
}

/** Mails `notice` to every admin of the app, with the console's link (`{publicUrl}/admin`). */
export async function mailAdmins(ctx: PlatformContext, appId: string, notice: AdminNotice): Promise<void> {
  const body = [...notice.lines, '', `Open ${ctx.publicUrl()}${ADMIN_PATH} to answer it.`].join('\n');
  for (const to of await adminEmails(ctx.db, appId)) {
    await sendMail(ctx, appId, { to, kind: notice.kind, subject: notice.subject, body });
  }
}

const text = (value: unknown): string => (typeof value === 'string' && value.trim() ? value.trim() : '');

// Who made a request, as a notice names them: "Ann Lee <ann@lender.example>", or the address alone.
function asker(record: EntityRecord): string {
  const name = text(record.full_name);
  const email = text(record.email) || 'someone without an account';
  return name ? `${name} <${email}>` : email;
}

/** The notice of a new access request. */
export function accessRequestNotice(record: EntityRecord): AdminNotice {
  const message = text(record.message);
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
  const message = text(record.message);
  return {
    kind: 'consultation',
    subject: 'A consultation request',
    lines: [
      `${asker(record)} asks for a consultation.`,
      `Preferred times: ${text(record.preferred_times)}`,
      ...(message ? [`Their message: ${message}`] : []),
    ],
  };
}

/** The notice admins get when records of an entity are created through the generic entity routes, by entity. */
export const NOTICE_ON_CREATE: Readonly<Record<string, (records: EntityRecord[]) => AdminNotice>> = {
  [ACCESS_ENTITY.consultation]: consultationNotice,
};

/** Queues the admins' notice of `records` (created through the entity routes) when their entity has one. */
export function noticeAdminsOfCreate(ctx: PlatformContext, c: Context, appId: string, entity: string, records: EntityRecord[]): void {
  const notice = Object.hasOwn(NOTICE_ON_CREATE, entity) ? NOTICE_ON_CREATE[entity]! : undefined;
  if (!notice || records.length === 0) return;
  ctx.afterReply.add(c, `${entity} notice`, () => mailAdmins(ctx, appId, notice(records)));
}
