import type { EndedBy, InviteStatus } from '../../../schemas/accessWire.ts';
import { accessState } from '../../../schemas/accessWire.ts';
import type { Queryable } from '../db/db.ts';
import { randomToken, sha256 } from './tokens.ts';
import { accessFieldsOf, type UserRow } from './users.ts';

/** An invitation link works 14 days, or until the person's access expires if that is sooner. */
export const INVITE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Issues an invitation token (256 bits, stored as its SHA-256 in one_time_codes, kind `invite`)
 * and returns it in clear with its end. Earlier links of the person die first, so only the newest one works.
 */
export async function issueInviteLink(db: Queryable, user: UserRow, now: Date = new Date()): Promise<{ token: string; endsAt: Date }> {
  await endInviteLinks(db, user.id, 'replaced');
  const token = randomToken();
  const endsAt = new Date(Math.min(now.getTime() + INVITE_LIFETIME_MS, user.expires_at?.getTime() ?? Infinity));
  await db.query(`INSERT INTO one_time_codes (user_id, kind, code_hash, expires_at) VALUES ($1, 'invite', $2, $3)`, [user.id, sha256(token), endsAt]);
  return { token, endsAt };
}

/**
 * Ends every live invitation link of a person by moving its end to now (not by marking it used),
 * recording why, so the link's status names the reason (replaced, a password chosen, withdrawn),
 * never that it was used.
 */
export async function endInviteLinks(db: Queryable, userId: string, endedBy: EndedBy): Promise<void> {
  await db.query(
    `UPDATE one_time_codes SET expires_at = now(), ended_by = $2 WHERE user_id = $1 AND kind = 'invite' AND used_at IS NULL AND expires_at > now()`,
    [userId, endedBy],
  );
}

/**
 * Uses up a live invitation link of this app whose person's access has not ended, and returns the
 * person's id; null when the link grants nothing (inviteLinkStatus says why). One statement, so of
 * two parallel accepts of one link exactly one gets the id.
 */
export async function consumeInviteLink(db: Queryable, appId: string, token: string): Promise<string | null> {
  const result = await db.query<{ user_id: string }>(
    `UPDATE one_time_codes AS o SET used_at = now() FROM users AS u
     WHERE o.user_id = u.id AND u.app_id = $2 AND o.kind = 'invite' AND o.code_hash = $1
       AND o.used_at IS NULL AND o.expires_at > now()
       AND u.invited AND u.revoked_at IS NULL AND (u.expires_at IS NULL OR u.expires_at > now())
     RETURNING o.user_id`,
    [sha256(token), appId],
  );
  return result.rows[0]?.user_id ?? null;
}

const MESSAGES: Record<InviteStatus['state'], string> = {
  valid: 'Choose a password to open the deck.',
  used: 'This invitation link was already used. Sign in with your password, or use "Forgot your password?".',
  expired: "This invitation link has expired. Ask the deck's owners to send a new one.",
  replaced: "A newer invitation replaced this link. Open the latest invitation email, or ask the deck's owners to send a new one.",
  password_changed: 'You have chosen a password since this invitation was sent, so the link is no longer needed. Sign in with your password.',
  revoked: "This invitation was withdrawn: your access to this deck has ended. Ask the deck's owners to invite you again.",
  unknown: 'This invitation link is not valid. Check that you opened the whole link from the email.',
};

/** What a link is worth, consuming nothing: `valid` with the address, else why it grants nothing. */
export async function inviteLinkStatus(db: Queryable, appId: string, token: string, now: Date = new Date()): Promise<InviteStatus> {
  const result = await db.query<LinkRow>(
    `SELECT u.*, o.used_at AS link_used_at, o.expires_at AS link_expires_at, o.ended_by AS link_ended_by FROM one_time_codes o
     JOIN users u ON u.id = o.user_id AND u.app_id = $2
     WHERE o.kind = 'invite' AND o.code_hash = $1 ORDER BY o.id DESC LIMIT 1`,
    [sha256(token), appId],
  );
  const row = result.rows[0];
  const state = row ? linkState(row, now) : 'unknown';
  return state === 'valid' ? { state, email: row!.email, message: MESSAGES.valid } : { state, message: MESSAGES[state] };
}

type LinkRow = UserRow & { link_used_at: Date | null; link_expires_at: Date; link_ended_by: string | null };

// A person's ended access outranks the link's own state: a link of a revoked person is "revoked".
// A link ended early says why (one a password change ended read "replaced by a newer one").
function linkState(row: LinkRow, now: Date): InviteStatus['state'] {
  const person = accessState(accessFieldsOf(row), now);
  if (person === 'revoked') return 'revoked';
  if (person === 'expired') return 'expired';
  if (row.link_used_at) return 'used';
  if (row.link_expires_at.getTime() <= now.getTime() || !row.invited) {
    if (row.link_ended_by === 'replaced') return 'replaced';
    if (row.link_ended_by?.startsWith('password_')) return 'password_changed';
    return 'expired';
  }
  return 'valid';
}
