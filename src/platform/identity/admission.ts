import { createMiddleware } from 'hono/factory';
import { type Caller, checkGate, requireAdmin, resolveCaller, resolveDigestCaller } from './access.ts';
import { type AppRow, findApp } from './apps.ts';
import type { Log } from '../core/context.ts';
import { forbidden, HttpError, notFound } from '../core/errors.ts';
import type { Queryable } from '../db/db.ts';
import { noteSeen } from './lastSeen.ts';
import { requireAgreement } from './agreementAdmission.ts';
import type { AgreementText } from '../../../schemas/agreement.ts';

// The one admission: "who is this, and may they see this deck now" is decided
// here and nowhere else. Every door calls it on every request or event: the API (the gated group's
// middleware), the deck's pages and files, the stamped PDF, the socket handshake and each socket
// event that acts or receives on the caller's behalf. Nothing is decided on a standing captured
// earlier: a revoked, expired, demoted or signed-out person is refused by the next call.

/** An app and who is calling it. */
export interface Admission {
  app: AppRow;
  caller: Caller;
}

/** Hono variables set by the app-scope middleware for routes below /api/apps/{appId}: the admission's app and caller. */
export interface AppEnv {
  Variables: Admission;
}

/** What the admission reads: the database, the service role's token and the log. */
export interface AdmissionContext {
  db: Queryable;
  serviceToken: string;
  log: Log;
  /** The agreement the deck serves, and the app that serves it: a person of that app must have accepted it (agreementAdmission.ts). */
  agreement?: AgreementText | null;
  deckAppId?: string;
}

/**
 * Who presents `token` to the app `appId`, not yet judged; 404 for an unknown app. A dead token
 * (revoked, expired) is `invalid`, unless `deadTokenIsAnonymous` (a stale cookie on a page of a
 * public deck is no reason to refuse what anyone may see).
 */
export async function identify(
  ctx: AdmissionContext,
  appId: string,
  token: string | null,
  options: { deadTokenIsAnonymous?: boolean } = {},
): Promise<Admission> {
  const app = await findApp(ctx.db, appId);
  if (!app) throw notFound(`App ${appId} not found`, 'app_not_found');
  const caller = await resolveCaller(ctx.db, app, token, ctx.serviceToken, ctx.log);
  return { app, caller: caller.kind === 'invalid' && options.deadTokenIsAnonymous ? { kind: 'anonymous' } : caller };
}

/**
 * The decision: throws the gate's 401 or 403 (auth_required, access_ended, user_not_registered,
 * agreement_required) unless the caller may see the app now; an admitted person is noted as seen (lastSeen.ts).
 */
export async function admit(ctx: AdmissionContext, who: Admission): Promise<Admission> {
  checkGate(who.app, who.caller);
  await requireAgreement(ctx, who.app, who.caller);
  await noteSeen(ctx.db, who.caller);
  return who;
}

/** identify, then admit: the whole admission of a token at one app. */
export async function admitToken(
  ctx: AdmissionContext,
  appId: string,
  token: string | null,
  options: { deadTokenIsAnonymous?: boolean } = {},
): Promise<Admission> {
  return admit(ctx, await identify(ctx, appId, token, options));
}

/** The admission again of a socket (or anything else) that kept only its token's SHA-256; throws like admit. */
export async function admitDigest(ctx: AdmissionContext, app: AppRow, digest: string): Promise<Caller> {
  const caller = await resolveDigestCaller(ctx.db, app, digest, ctx.log);
  return (await admit(ctx, { app, caller })).caller;
}

/**
 * admitToken, answering null instead of throwing a refusal: for doors that show their own (pages).
 * Only a refusal is an answer; anything else (the database failing) goes on to the caller, so the
 * visitor gets a 500 and the log says why, not a sign-in gate that hides the fault.
 */
export async function admittedOrNull(
  ctx: AdmissionContext,
  appId: string,
  token: string | null,
  options: { deadTokenIsAnonymous?: boolean } = {},
): Promise<Admission | null> {
  try {
    return await admitToken(ctx, appId, token, options);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/** The gated API's middleware: the admission of the caller appScope identified, before any route. */
export function admitted(ctx: AdmissionContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await admit(ctx, { app: c.get('app'), caller: c.get('caller') });
    await next();
  });
}

/** Middleware of every admin-only route: 401 signed out, 403 unless an admin (or the service role) now. */
export function adminOnly(action: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireAdmin(c.get('caller'), action);
    await next();
  });
}

/**
 * Middleware of the operator's routes: 403 for anyone but the service role, admins and signed-out
 * callers alike (`via` names the command that holds the service token, where the refusal should say).
 */
export function serviceOnly(action: string, via?: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('caller').kind !== 'service') throw forbidden(`Only the service role${via ? ` (${via})` : ''} may ${action}`);
    await next();
  });
}
