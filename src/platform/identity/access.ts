import { ACCESS_ENDED_REASON, accessState } from '../../../schemas/accessWire.ts';
import type { AppRow } from './apps.ts';
import type { Queryable } from '../db/db.ts';
import { admitByDomain } from './domainAdmission.ts';
import { forbidden, gateError, unauthorized } from '../core/errors.ts';
import { resolveTokenDigest, safeEqual, sha256 } from './tokens.ts';
import { accessFieldsOf, type UserRow } from './users.ts';

/** Who is calling: nobody, the service role, a signed-in user, or someone with a dead token. */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'service' }
  /** `digest`: the SHA-256 (hex) of the token presented; the token itself is kept nowhere. */
  | { kind: 'user'; user: UserRow; digest: string }
  | { kind: 'invalid' };

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Resolves a presented token (or none) against one app. */
export async function resolveCaller(
  db: Queryable,
  app: AppRow,
  token: string | null,
  serviceToken: string,
  log: (line: string) => void = () => {},
): Promise<Caller> {
  if (!token) return { kind: 'anonymous' };
  if (safeEqual(token, serviceToken)) return { kind: 'service' };
  return resolveDigestCaller(db, app, sha256(token), log);
}

/**
 * The person whose live token has this SHA-256 (hex), or `invalid`: also how a socket's standing
 * is asked again after the handshake (the socket keeps only the digest).
 */
export async function resolveDigestCaller(db: Queryable, app: AppRow, digest: string, log: (line: string) => void = () => {}): Promise<Caller> {
  const user = await resolveTokenDigest(db, digest, app.id);
  // A verified person nobody invited may belong to an allowed domain (domainAdmission.ts).
  return user ? { kind: 'user', user: await admitByDomain(db, app, user, log), digest } : { kind: 'invalid' };
}

/** Whether a signed-in user counts as registered under the app's visibility. */
export function isRegistered(app: AppRow, user: UserRow): boolean {
  if (app.visibility !== 'private_with_login') return true;
  return user.invited || user.role === 'admin';
}

/** Whether a person's access has ended: revoked, or past their expiry. */
export function accessEnded(user: UserRow, now: Date = new Date()): boolean {
  const state = accessState(accessFieldsOf(user), now);
  return state === 'revoked' || state === 'expired';
}

/**
 * The visibility gate every app call passes: throws 401/403 in the platform's shape. An expired or
 * revoked person is refused with ACCESS_ENDED_REASON before anything else about them is looked at,
 * so the deck shows the ended-access screen, never content.
 */
export function checkGate(app: AppRow, caller: Caller): void {
  if (caller.kind === 'invalid') throw unauthorized();
  if (caller.kind === 'service' || app.visibility === 'public_without_login') return;
  if (caller.kind === 'anonymous') throw gateError('auth_required');
  if (accessEnded(caller.user)) throw gateError(ACCESS_ENDED_REASON);
  if (!isRegistered(app, caller.user)) throw gateError('user_not_registered');
}

/** The signed-in user, or 401. */
export function requireUser(caller: Caller): UserRow {
  if (caller.kind === 'user') return caller.user;
  if (caller.kind === 'service') throw forbidden('The service role has no user of its own');
  throw unauthorized(caller.kind === 'invalid' ? undefined : 'Not authenticated');
}

/**
 * Whether the caller may administer the app now: the service role, or an admin user whose access
 * has not ended (a revoked admin administers nothing, even on a deck anyone may open).
 */
export function isAdmin(caller: Caller): boolean {
  return caller.kind === 'service' || (caller.kind === 'user' && caller.user.role === 'admin' && !accessEnded(caller.user));
}

/** 403 unless the caller is an admin user or the service role. */
export function requireAdmin(caller: Caller, action: string): void {
  if (caller.kind === 'anonymous') throw unauthorized('Not authenticated');
  if (caller.kind === 'invalid') throw unauthorized();
  if (!isAdmin(caller)) throw forbidden(`Only an admin may ${action}`);
}
