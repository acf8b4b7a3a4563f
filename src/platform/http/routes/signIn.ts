import { Hono } from 'hono';
import { z } from 'zod';
import { ACCESS_ENDED_REASON } from '../../../../schemas/accessWire.ts';
import { accessEnded, bearerToken, requireUser } from '../../identity/access.ts';
import { readJson, validate } from '../body.ts';
import { badRequest, forbidden, gateError, HttpError, notFound } from '../../core/errors.ts';
import { type AppEnv, serviceOnly } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { revokeUserCodes } from '../../identity/codes.ts';
import { NewPassword, refuseBreached } from '../../identity/passwordPolicy.ts';
import { hashPassword, verifyPassword } from '../../identity/passwords.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../identity/session.ts';
import { issueToken, revokeToken, revokeUserTokens, sha256, tokenHolder } from '../../identity/tokens.ts';
import { auditRequest } from '../../records/auditLog.ts';
import { findUserByEmail, findUserById, markJoined, normalizeEmail, toUserRecord, updateUser, type UserRow } from '../../identity/users.ts';

const Login = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
  turnstile_token: z.string().optional(),
});

const ChangePassword = z.object({
  user_id: z.string().min(1),
  current_password: z.string().max(1024),
  new_password: NewPassword,
});

/** login, logout (an extension), change-password and the service role's sso token; the auth group mounts it. */
export function signInRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const auth = new Hono<AppEnv>();
  auth.post('/login', async (c) => {
    const body = validate(Login, await readJson(c));
    const app = c.get('app');
    // The check is reserved (in one locked transaction) before anything else: parallel requests cannot share one place.
    const check = await ctx.signInLimits.reserve(`${app.id}:${normalizeEmail(body.email)}`, ctx.clientAddress(c));
    let ok = false;
    let user: UserRow | null = null;
    try {
      user = await findUserByEmail(ctx.db, app.id, body.email);
      ok = (await verifyPassword(body.password, user?.password_hash ?? null)) && user !== null;
    } finally {
      await check.done(ok);
    }
    const failed = (reason: string) =>
      auditRequest(ctx, c, { appId: app.id, action: 'sign_in_failed', actor: null, target: normalizeEmail(body.email), detail: { reason } });
    if (!user || !ok) {
      await failed('wrong email or password');
      throw new HttpError(401, { detail: 'Invalid email or password', code: 'invalid_credentials' });
    }
    // Said only to someone who knows the password, so it reveals nothing to a guesser.
    if (accessEnded(user)) {
      await failed('access ended');
      throw gateError(ACCESS_ENDED_REASON);
    }
    if (!user.email_verified) {
      await failed('email not verified');
      throw new HttpError(403, { detail: 'Email not verified: enter the code that was sent to you', code: 'email_not_verified' });
    }
    const joined = await markJoined(ctx.db, user.id);
    await auditRequest(ctx, c, { appId: app.id, action: 'sign_in', actor: user.email, target: user.email });
    const token = await issueToken(ctx.db, user.id, app.id);
    setSessionCookie(c, token);
    return c.json({ access_token: token, user: toUserRecord(joined) });
  });

  auth.post('/logout', async (c) => {
    // Best effort from the deck: revoke whatever token came, header or cookie, and never fail.
    for (const token of [bearerToken(c.req.header('authorization')), sessionToken(c)]) {
      if (token) {
        const holder = await tokenHolder(ctx.db, token, c.get('app').id);
        if (holder) await auditRequest(ctx, c, { appId: holder.app_id, action: 'sign_out', actor: holder.email, target: holder.email });
        await revokeToken(ctx.db, token);
        await ctx.broadcaster.standingChanged({ digest: sha256(token) });
      }
    }
    clearSessionCookie(c);
    return c.json({ success: true });
  });

  auth.post('/change-password', async (c) => {
    const caller = c.get('caller');
    const user = requireUser(caller);
    const body = validate(ChangePassword, await readJson(c));
    if (body.user_id !== user.id) throw forbidden('user_id: you can only change your own password');
    await refuseBreached('new_password', body.new_password);
    // Guessing the current password from a stolen session meets the same limits as signing in.
    const check = await ctx.signInLimits.reserve(`${user.app_id}:${user.email}`, ctx.clientAddress(c));
    let ok = false;
    try {
      ok = await verifyPassword(body.current_password, user.password_hash);
    } finally {
      await check.done(ok);
    }
    if (!ok) throw badRequest('current_password', 'is incorrect');
    await updateUser(ctx.db, user.id, { password_hash: await hashPassword(body.new_password) });
    // Every session, reset link and code of the account ends, this session's token included; the
    // caller gets a fresh token back, and only this tab's socket stays open (the client swaps tokens).
    await revokeUserCodes(ctx.db, user.id, 'password_changed');
    await revokeUserTokens(ctx.db, user.id, 'password_changed');
    await auditRequest(ctx, c, { appId: user.app_id, action: 'password_changed', actor: user.email, target: user.email });
    const token = await issueToken(ctx.db, user.id, user.app_id);
    await ctx.broadcaster.standingChanged({ userId: user.id, ...(caller.kind === 'user' ? { rotate: { from: caller.digest, to: sha256(token) } } : {}) });
    setSessionCookie(c, token);
    return c.json({ success: true, access_token: token });
  });

  auth.get('/sso/accesstoken/:userId', serviceOnly('issue SSO tokens'), async (c) => {
    const app = c.get('app');
    const user = await findUserById(ctx.db, app.id, c.req.param('userId'));
    if (!user) throw notFound(`User ${c.req.param('userId')} not found`);
    const token = await issueToken(ctx.db, user.id, app.id);
    setSessionCookie(c, token);
    return c.json({ access_token: token });
  });
  return auth;
}
