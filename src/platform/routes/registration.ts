import type { Hono } from 'hono';
import { z } from 'zod';
import { readJson, validate } from '../body.ts';
import { consumeOtp, consumeResetToken, issueOtp, issueResetToken, latestCandidate, revokeUserCodes } from '../codes.ts';
import { ACCESS_ENDED_REASON } from '../../../schemas/accessWire.ts';
import { accessEnded } from '../access.ts';
import { badRequest, gateError, HttpError } from '../errors.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';
import { sendMail } from '../outbox.ts';
import { NewPassword, refuseBreached } from '../passwordPolicy.ts';
import { hashPassword } from '../passwords.ts';
import { setSessionCookie } from '../session.ts';
import { issueToken, revokeUserTokens } from '../tokens.ts';
import { createUser, findUserByEmail, markJoined, normalizeEmail, toUserRecord, updateUser, type UserRow } from '../users.ts';

const Email = z.email('must be an email address').max(320);
const Register = z.object({ email: Email, password: NewPassword, full_name: z.string().max(200).optional() });
const VerifyOtp = z.object({ email: Email, otp_code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code') });
const EmailOnly = z.object({ email: Email });
const ResetPassword = z.object({ reset_token: z.string().min(1).max(200), new_password: NewPassword });

// Said whether or not the address has an account, so the reply reveals nothing (issue 6, issue 9).
const REGISTERED = 'Enter the verification code sent to your email.';
const RESET_SENT = { success: true, message: 'If an account exists for this email, a reset link has been sent.' };
const CODE_SENT = { success: true, message: 'If this email is waiting for verification, a new code has been sent.' };

// Counted per requested address whether or not it has an account, so a 429 reveals nothing either.
async function limitMail(ctx: PlatformContext, appId: string, kind: 'otp' | 'reset', email: string): Promise<void> {
  const key = `${appId}:${kind}:${email.trim().toLowerCase()}`;
  // Reserved in the same step as the check, so a parallel burst cannot send more than the limit.
  const wait = await ctx.mailLimiter.reserve(key);
  if (wait > 0) {
    throw new HttpError(
      429,
      { detail: `Too many requests for this email; try again in ${Math.ceil(wait / 60)} min`, code: 'too_many_attempts' },
      { 'Retry-After': String(wait) },
    );
  }
}

async function mailOtp(ctx: PlatformContext, user: UserRow, passwordHash: string | null): Promise<void> {
  const code = await issueOtp(ctx.db, user.id, passwordHash);
  await sendMail(ctx, user.app_id, { to: user.email, kind: 'otp', subject: 'Your verification code', body: `Your code is ${code}. It expires in 10 minutes.`, secrets: [code] });
}

async function registrationsOf(ctx: PlatformContext, userId: string): Promise<number> {
  const result = await ctx.db.query<{ registrations: number }>('SELECT registrations FROM users WHERE id = $1', [userId]);
  return result.rows[0]?.registrations ?? 0;
}

/**
 * The part of a registration done after the reply. A verified account is left alone and its
 * owner told; a pending one gets a code carrying this registration's password hash, and its
 * stored password is never touched (issue 9, finding 3).
 */
async function registerAfterReply(ctx: PlatformContext, appId: string, email: string, passwordHash: string, fullName: string | undefined): Promise<void> {
  const existing = await findUserByEmail(ctx.db, appId, email);
  if (existing?.email_verified) {
    await sendMail(
      ctx,
      appId,
      {
        to: existing.email,
        kind: 'account_exists',
        subject: 'Someone tried to create an account with your address',
        body: `Someone tried to create an account with this address, which already has one. If it was you, sign in at ${ctx.publicUrl()}/login (or use "Forgot your password?" there). If not, you can ignore this message: nothing was changed.`,
      },
    );
    return;
  }
  // An invitation (or an earlier registration) may already have made the row.
  const user = existing ?? (await createUser(ctx.db, { appId, email, role: 'user', invited: false, fullName: fullName ?? null }));
  await ctx.db.query('UPDATE users SET registrations = registrations + 1, full_name = COALESCE(full_name, $2) WHERE id = $1', [
    user.id,
    fullName ?? null,
  ]);
  await mailOtp(ctx, user, passwordHash);
}

/** register, verify-otp, resend-otp, reset-password-request and reset-password. */
export function registerRegistrationRoutes(auth: Hono<AppEnv>, ctx: PlatformContext): void {
  auth.post('/register', async (c) => {
    const body = validate(Register, await readJson(c));
    await refuseBreached('password', body.password);
    const app = c.get('app');
    await limitMail(ctx, app.id, 'otp', body.email);
    // Hashed whatever the address's state, so the reply takes as long for a known address as a new one.
    const passwordHash = await hashPassword(body.password);
    ctx.afterReply.add(c, 'register', () => registerAfterReply(ctx, app.id, body.email, passwordHash, body.full_name));
    return c.json({ success: true, email: normalizeEmail(body.email), message: REGISTERED });
  });

  auth.post('/verify-otp', async (c) => {
    const body = validate(VerifyOtp, await readJson(c));
    const app = c.get('app');
    const user = await findUserByEmail(ctx.db, app.id, body.email);
    const consumed = user && !user.email_verified ? await consumeOtp(ctx.db, user.id, body.otp_code) : null;
    if (!user || !consumed) throw badRequest('otp_code', 'is wrong or has expired');
    // The candidate password counts only when nobody else registered this address: with two or
    // more registrations the code proves the mailbox but not which password is its owner's.
    const sole = consumed.passwordHash !== null && (await registrationsOf(ctx, user.id)) === 1;
    await revokeUserCodes(ctx.db, user.id, 'password_set');
    // Proving the mailbox does not reopen access that ended (revoked or expired): no token then.
    if (accessEnded(user)) throw gateError(ACCESS_ENDED_REASON);
    await markJoined(ctx.db, user.id);
    const verified = await updateUser(ctx.db, user.id, { email_verified: true, ...(sole ? { password_hash: consumed.passwordHash! } : {}) });
    if (!sole) {
      const resetToken = await issueResetToken(ctx.db, user.id);
      return c.json({
        success: true,
        password_required: true,
        reset_token: resetToken,
        user: toUserRecord(verified),
        message: 'Your email is confirmed. Choose your password to finish.',
      });
    }
    const token = await issueToken(ctx.db, user.id, app.id);
    setSessionCookie(c, token);
    return c.json({ success: true, access_token: token, user: toUserRecord(verified) });
  });

  // Both answer before looking the address up; the lookup, code and mail happen after the reply,
  // so neither the answer nor its timing tells a known address from an unknown one.
  auth.post('/resend-otp', async (c) => {
    const body = validate(EmailOnly, await readJson(c));
    const appId = c.get('app').id;
    await limitMail(ctx, appId, 'otp', body.email);
    ctx.afterReply.add(c, 'resend-otp', async () => {
      const user = await findUserByEmail(ctx.db, appId, body.email);
      if (user && !user.email_verified && (await registrationsOf(ctx, user.id)) > 0) await mailOtp(ctx, user, await latestCandidate(ctx.db, user.id));
    });
    return c.json(CODE_SENT);
  });

  auth.post('/reset-password-request', async (c) => {
    const body = validate(EmailOnly, await readJson(c));
    const appId = c.get('app').id;
    await limitMail(ctx, appId, 'reset', body.email);
    ctx.afterReply.add(c, 'reset-password-request', async () => {
      const user = await findUserByEmail(ctx.db, appId, body.email);
      // Any account may choose a password through its mailbox, also one verified without one.
      if (!user) return;
      const token = await issueResetToken(ctx.db, user.id);
      const link = `${ctx.publicUrl()}/login?reset_token=${encodeURIComponent(token)}`;
      await sendMail(ctx, user.app_id, { to: user.email, kind: 'reset', subject: 'Reset your password', body: `Open ${link} within 1 hour to choose a new password.`, secrets: [link] });
    });
    return c.json(RESET_SENT);
  });

  auth.post('/reset-password', async (c) => {
    const body = validate(ResetPassword, await readJson(c));
    await refuseBreached('new_password', body.new_password);
    const userId = await consumeResetToken(ctx.db, c.get('app').id, body.reset_token);
    if (!userId) throw badRequest('reset_token', 'is invalid, used or expired');
    const passwordHash = await hashPassword(body.new_password);
    // Following the emailed link proves the mailbox, so it also verifies the address.
    await updateUser(ctx.db, userId, { password_hash: passwordHash, email_verified: true });
    // Every other reset link and code dies with the old password, as every session does.
    await revokeUserCodes(ctx.db, userId, 'password_reset');
    await revokeUserTokens(ctx.db, userId, 'password_reset');
    ctx.broadcaster.disconnect({ userId });
    return c.json({ success: true, message: 'Password changed: sign in with the new password.' });
  });
}
