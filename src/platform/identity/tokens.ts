import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EndedBy, SessionStatus } from '../../../schemas/accessPaths.ts';
import type { Queryable } from '../db/db.ts';
import type { UserRow } from './users.ts';

/** Access tokens live 7 days; the session cookie carries the same token for the same time. */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes (256 bits), base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token or code: only its SHA-256 is kept, so a leaked table grants nothing. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string equality (compares digests, so lengths do not leak either). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Creates a token for `userId` on `appId` and returns it in clear (the only time it exists so). */
export async function issueToken(db: Queryable, userId: string, appId: string): Promise<string> {
  const token = randomToken();
  await db.query('INSERT INTO access_tokens (token_hash, user_id, app_id, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256(token),
    userId,
    appId,
    new Date(Date.now() + TOKEN_LIFETIME_MS),
  ]);
  return token;
}

/** The user a live token of `appId` belongs to, or null (unknown, expired, revoked, other app). */
export function resolveToken(db: Queryable, token: string, appId: string): Promise<UserRow | null> {
  // Looked up by digest: an index probe on a hash reveals nothing useful through timing.
  return resolveTokenDigest(db, sha256(token), appId);
}

/**
 * resolveToken by the token's SHA-256 (hex): what a socket keeps to ask again later, and what
 * crosses processes, so no process holds or sends another's token in clear. One query (token
 * joined to its user) because every API call, gated page and socket recheck pays for it.
 */
export async function resolveTokenDigest(db: Queryable, digest: string, appId: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT u.* FROM access_tokens t JOIN users u ON u.id = t.user_id AND u.app_id = t.app_id
     WHERE t.token_hash = $1 AND t.app_id = $2 AND t.revoked_at IS NULL AND t.expires_at > now()`,
    [digest, appId],
  );
  return result.rows[0] ?? null;
}

/**
 * The person a token was issued to in `appId`, live or not (revoked, expired), or null for a token
 * never issued there: to tell someone whose access ended why a dead token no longer works.
 */
export async function tokenHolder(db: Queryable, token: string, appId: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT u.* FROM access_tokens t JOIN users u ON u.id = t.user_id AND u.app_id = t.app_id
     WHERE t.token_hash = $1 AND t.app_id = $2`,
    [sha256(token), appId],
  );
  return result.rows[0] ?? null;
}

/** Revokes one token (logout); unknown tokens are ignored. */
export async function revokeToken(db: Queryable, token: string): Promise<void> {
  await db.query(`UPDATE access_tokens SET revoked_at = now(), ended_by = 'signed_out' WHERE token_hash = $1 AND revoked_at IS NULL`, [sha256(token)]);
}

/** Revokes every token of a user, recording why (a password change or reset, revoked access). */
export async function revokeUserTokens(db: Queryable, userId: string, endedBy: EndedBy): Promise<void> {
  await db.query('UPDATE access_tokens SET revoked_at = now(), ended_by = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, endedBy]);
}

/**
 * Whether `token` is a live session of `appId`, and if not, why it ended: an open deck
 * whose session a password change ended says so, instead of "your access has ended". It tells the
 * holder of a token only about that token; a token never issued is `unknown`.
 */
export async function sessionStatus(db: Queryable, token: string, appId: string): Promise<SessionStatus> {
  const result = await db.query<{
    revoked_at: Date | null;
    ended_by: string | null;
    expires_at: Date;
    user_revoked_at: Date | null;
    user_expires_at: Date | null;
  }>(
    `SELECT t.revoked_at, t.ended_by, t.expires_at, u.revoked_at AS user_revoked_at, u.expires_at AS user_expires_at
     FROM access_tokens t JOIN users u ON u.id = t.user_id AND u.app_id = t.app_id
     WHERE t.token_hash = $1 AND t.app_id = $2`,
    [sha256(token), appId],
  );
  const row = result.rows[0];
  if (!row) return { state: 'ended', reason: 'unknown' };
  if (row.revoked_at) return { state: 'ended', reason: (row.ended_by as EndedBy | null) ?? (row.user_revoked_at ? 'access_revoked' : 'unknown') };
  if (row.expires_at.getTime() <= Date.now()) return { state: 'ended', reason: 'expired' };
  // A live token of a person whose access ended meets the gate's 403 access_ended.
  if (row.user_revoked_at) return { state: 'ended', reason: 'access_revoked' };
  if (row.user_expires_at && row.user_expires_at.getTime() <= Date.now()) return { state: 'ended', reason: 'access_expired' };
  return { state: 'live', reason: null };
}

/**
 * Deletes tokens and one-time codes that can no longer be used; run at start so the tables stay
 * small. Dead invitation links stay 30 days past their end, so a link opened late still explains
 * itself (used, expired) instead of being unknown. (A deck left open through a restart then learns
 * only that its session ended, not why: revoked tokens are not kept.)
 */
export async function pruneDeadSecrets(db: Queryable): Promise<void> {
  // Sign-ups nobody confirmed within a day leave nothing behind (their codes live 10 minutes).
  await db.query(`DELETE FROM pending_signups WHERE created_at < now() - interval '1 day'`);
  await db.query('DELETE FROM access_tokens WHERE expires_at < now() OR revoked_at IS NOT NULL');
  await db.query(
    `DELETE FROM one_time_codes WHERE (kind <> 'invite' AND (expires_at < now() OR used_at IS NOT NULL))
       OR (kind = 'invite' AND expires_at < now() - interval '30 days')`,
  );
}
