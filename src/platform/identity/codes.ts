import { randomInt } from 'node:crypto';
import type { EndedBy, ResetStatus } from '../../../schemas/accessPaths.ts';
import type { Queryable } from '../db/db.ts';
import { endInviteLinks } from './inviteLinks.ts';
import { randomToken, safeEqual, sha256 } from './tokens.ts';

/** Registration codes: 6 digits, valid 10 minutes, 5 wrong tries burn the code. */
export const OTP_LIFETIME_MS = 10 * 60 * 1000;
/** Reset links: 256-bit tokens valid 1 hour, single use. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000;
const MAX_OTP_ATTEMPTS = 5;

/**
 * Whom a registration code is for: a user row (an invited person, or an account made before
 * pending sign-ups kept no row), or an address with no account yet (no user
 * row exists until the code proves the mailbox).
 */
export type CodeHolder = { userId: string } | { appId: string; email: string };

function otpDigest(holder: CodeHolder, code: string): string {
  // Salted with the holder so a leaked table cannot be reversed with one 10^6 lookup table.
  return sha256(`${'userId' in holder ? holder.userId : `${holder.appId}:${holder.email}`}:${code}`);
}

// The WHERE clause naming a holder's codes, its parameters from $1.
function holderWhere(holder: CodeHolder): { sql: string; params: string[] } {
  return 'userId' in holder
    ? { sql: 'user_id = $1', params: [holder.userId] }
    : { sql: 'user_id IS NULL AND app_id = $1 AND email = $2', params: [holder.appId, holder.email] };
}

/**
 * Issues a registration code carrying the candidate password hash of the registration that asked
 * for it, and returns the code. Other live codes stay valid: a stranger's registration must not be
 * able to spoil the code the mailbox owner is about to type.
 */
export async function issueOtp(db: Queryable, holder: CodeHolder, passwordHash: string | null): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [userId, appId, email] = 'userId' in holder ? [holder.userId, null, null] : [null, holder.appId, holder.email];
  await db.query(`INSERT INTO one_time_codes (user_id, app_id, email, kind, code_hash, expires_at, password_hash) VALUES ($1, $2, $3, 'otp', $4, $5, $6)`, [
    userId,
    appId,
    email,
    otpDigest(holder, code),
    new Date(Date.now() + OTP_LIFETIME_MS),
    passwordHash,
  ]);
  return code;
}

/** The candidate password hash of the holder's latest registration (a resent code carries it on). */
export async function latestCandidate(db: Queryable, holder: CodeHolder): Promise<string | null> {
  const where = holderWhere(holder);
  const result = await db.query<{ password_hash: string }>(
    `SELECT password_hash FROM one_time_codes WHERE ${where.sql} AND kind = 'otp' AND password_hash IS NOT NULL
     ORDER BY id DESC LIMIT 1`,
    where.params,
  );
  return result.rows[0]?.password_hash ?? null;
}

/**
 * Uses up the live registration code equal to `code` and returns its candidate password hash
 * (`{ passwordHash: null }` when it carries none); null when no live code matches. A wrong code
 * counts against every live code of the holder, and a code with 5 wrong tries is dead.
 */
export async function consumeOtp(db: Queryable, holder: CodeHolder, code: string): Promise<{ passwordHash: string | null } | null> {
  const where = holderWhere(holder);
  const result = await db.query<{ id: number; code_hash: string }>(
    `SELECT id, code_hash FROM one_time_codes
     WHERE ${where.sql} AND kind = 'otp' AND used_at IS NULL AND expires_at > now() AND attempts < ${MAX_OTP_ATTEMPTS}`,
    where.params,
  );
  const digest = otpDigest(holder, code);
  const match = result.rows.find((row) => safeEqual(row.code_hash, digest));
  if (!match) {
    if (result.rows.length > 0) {
      await db.query('UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = ANY($1::bigint[])', [result.rows.map((row) => row.id)]);
    }
    return null;
  }
  // Used up in one statement, so two requests with the same code cannot both succeed.
  const used = await db.query<{ password_hash: string | null }>(
    'UPDATE one_time_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING password_hash',
    [match.id],
  );
  return used.rows[0] ? { passwordHash: used.rows[0].password_hash } : null;
}

/** Deletes every code of an address that had no account (it has one now, or never will). */
export async function dropPendingCodes(db: Queryable, appId: string, email: string): Promise<void> {
  await db.query(`DELETE FROM one_time_codes WHERE user_id IS NULL AND app_id = $1 AND email = $2`, [appId, email]);
}

/**
 * Kills every outstanding code, reset link and invitation link of a user (the password changed or
 * was just set, or access was revoked), recording why, so each dead link can say so. Invitation
 * links end rather than count as used, so a dead one never says "already used" (inviteLinks.ts).
 */
export async function revokeUserCodes(db: Queryable, userId: string, endedBy: EndedBy): Promise<void> {
  await db.query(`UPDATE one_time_codes SET used_at = now(), ended_by = $2 WHERE user_id = $1 AND used_at IS NULL AND kind <> 'invite'`, [userId, endedBy]);
  await endInviteLinks(db, userId, endedBy);
}

/** Issues a password-reset token for a user and returns it. */
export async function issueResetToken(db: Queryable, userId: string): Promise<string> {
  const token = randomToken();
  await db.query(`INSERT INTO one_time_codes (user_id, kind, code_hash, expires_at) VALUES ($1, 'reset', $2, $3)`, [
    userId,
    sha256(token),
    new Date(Date.now() + RESET_LIFETIME_MS),
  ]);
  return token;
}

/** The user id of a live reset token of this app, which is used up; null when unknown, used or expired. */
export async function consumeResetToken(db: Queryable, appId: string, token: string): Promise<string | null> {
  const result = await db.query<{ user_id: string }>(
    `UPDATE one_time_codes AS o SET used_at = now() FROM users AS u
     WHERE o.user_id = u.id AND u.app_id = $2
       AND o.kind = 'reset' AND o.code_hash = $1 AND o.used_at IS NULL AND o.expires_at > now()
     RETURNING o.user_id`,
    [sha256(token), appId],
  );
  return result.rows[0]?.user_id ?? null;
}

const RESET_MESSAGES: Record<ResetStatus['state'], string> = {
  valid: 'Choose a new password.',
  used: 'This reset link was already used. Sign in with the password you chose, or ask for a new link.',
  expired: 'This reset link has expired: a link works for one hour. Ask for a new one.',
  password_changed:
    'Your password was changed after this link was sent, so the link no longer works. Sign in with your current password, or ask for a new link.',
  unknown: 'This reset link is not valid. Check that you opened the whole link from the email, or ask for a new one.',
};

/** What a reset link is worth, using nothing up: so the page can refuse a dead link before any password is typed. */
export async function resetLinkStatus(db: Queryable, appId: string, token: string): Promise<ResetStatus> {
  const result = await db.query<{ used_at: Date | null; expires_at: Date; ended_by: string | null }>(
    `SELECT o.used_at, o.expires_at, o.ended_by FROM one_time_codes o JOIN users u ON u.id = o.user_id AND u.app_id = $2
     WHERE o.kind = 'reset' AND o.code_hash = $1 ORDER BY o.id DESC LIMIT 1`,
    [sha256(token), appId],
  );
  const row = result.rows[0];
  let state: ResetStatus['state'] = 'valid';
  if (!row) state = 'unknown';
  else if (row.used_at) state = row.ended_by ? (row.ended_by === 'access_revoked' ? 'unknown' : 'password_changed') : 'used';
  else if (row.expires_at.getTime() <= Date.now()) state = 'expired';
  return { state, message: RESET_MESSAGES[state] };
}
