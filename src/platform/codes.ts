import { randomInt } from 'node:crypto';
import type { Queryable } from './db.ts';
import { randomToken, safeEqual, sha256 } from './tokens.ts';

/** Registration codes: 6 digits, valid 10 minutes, 5 wrong tries burn the code. */
export const OTP_LIFETIME_MS = 10 * 60 * 1000;
/** Reset links: 256-bit tokens valid 1 hour, single use. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000;
const MAX_OTP_ATTEMPTS = 5;

function otpDigest(userId: string, code: string): string {
  // Salted with the user id so a leaked table cannot be reversed with one 10^6 lookup table.
  return sha256(`${userId}:${code}`);
}

/** Issues a fresh registration code for a user (earlier ones stop working) and returns it. */
export async function issueOtp(db: Queryable, userId: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(`UPDATE one_time_codes SET used_at = now() WHERE user_id = $1 AND kind = 'otp' AND used_at IS NULL`, [
    userId,
  ]);
  await db.query(`INSERT INTO one_time_codes (user_id, kind, code_hash, expires_at) VALUES ($1, 'otp', $2, $3)`, [
    userId,
    otpDigest(userId, code),
    new Date(Date.now() + OTP_LIFETIME_MS),
  ]);
  return code;
}

/** True (and the code is used up) when `code` is the user's live registration code. */
export async function consumeOtp(db: Queryable, userId: string, code: string): Promise<boolean> {
  const result = await db.query<{ id: number; code_hash: string; attempts: number }>(
    `SELECT id, code_hash, attempts FROM one_time_codes
     WHERE user_id = $1 AND kind = 'otp' AND used_at IS NULL AND expires_at > now()
     ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  const live = result.rows[0];
  if (!live || live.attempts >= MAX_OTP_ATTEMPTS) return false;
  if (!safeEqual(live.code_hash, otpDigest(userId, code))) {
    await db.query('UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1', [live.id]);
    return false;
  }
  await db.query('UPDATE one_time_codes SET used_at = now() WHERE id = $1', [live.id]);
  return true;
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
