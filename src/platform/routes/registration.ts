import type { Hono } from 'hono';
import { z } from 'zod';
import { readJson, validate } from '../body.ts';
import { consumeOtp, consumeResetToken, issueOtp, issueResetToken } from '../codes.ts';
import { badRequest, HttpError } from '../errors.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';
import { sendMail } from '../outbox.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../passwords.ts';
import { setSessionCookie } from '../session.ts';
import { issueToken, revokeUserTokens } from '../tokens.ts';
import { createUser, findUserByEmail, toUserRecord, updateUser, type UserRow } from '../users.ts';

const Email = z.email('must be an email address').max(320);
const Password = z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).max(1024);
const Register = z.object({ email: Email, password: Password, full_name: z.string().max(200).optional() });
const VerifyOtp = z.object({ email: Email, otp_code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code') });
const EmailOnly = z.object({ email: Email });
const ResetPassword = z.object({ reset_token: z.string().min(1).max(200), new_password: Password });

// Said whether or not the address has an account, so the reply reveals nothing (issue 6).
const RESET_SENT = { success: true, message: 'If an account exists for this email, a reset link has been sent.' };
const CODE_SENT = { success: true, message: 'If this email is waiting for verification, a new code has been sent.' };

// Counted per requested address whether or not it has an account, so a 429 reveals nothing either.
function limitMail(ctx: PlatformContext, appId: string, kind: 'otp' | 'reset', email: string): void {
  const key = `${appId}:${kind}:${email.trim().toLowerCase()}`;
  // Reserved in the same step as the check, so a parallel burst cannot send more than the limit.
  const wait = ctx.mailLimiter.reserve(key);
  if (wait > 0) {
    throw new HttpError(
      429,
      { detail: `Too many requests for this email; try again in ${Math.ceil(wait / 60)} min`, code: 'too_many_attempts' },
      { 'Retry-After': String(wait) },
    );
  }
}

async function mailOtp(ctx: PlatformContext, user: UserRow): Promise<void> {
  const code = await issueOtp(ctx.db, user.id);
  await sendMail(ctx.db, user.app_id, { to: user.email, kind: 'otp', subject: 'Your verification code', body: `Your code is ${code}. It expires in 10 minutes.` }, ctx.log);
}

/** register, verify-otp, resend-otp, reset-password-request and reset-password. */
export function registerRegistrationRoutes(api: Hono<AppEnv>, ctx: PlatformContext): void {
  api.post('/auth/register', async (c) => {
    const body = validate(Register, await readJson(c));
    const app = c.get('app');
    limitMail(ctx, app.id, 'otp', body.email);
    const passwordHash = await hashPassword(body.password);
    let user = await findUserByEmail(ctx.db, app.id, body.email);
    if (user?.email_verified && user.password_hash) {
      throw new HttpError(409, { detail: 'An account with this email already exists: sign in or reset the password', code: 'user_exists' });
    }
    // An invitation (or an unfinished registration) already made the row; registering fills it in.
    user = user
      ? await updateUser(ctx.db, user.id, { password_hash: passwordHash, full_name: body.full_name ?? user.full_name })
      : await createUser(ctx.db, { appId: app.id, email: body.email, role: 'user', invited: false, passwordHash, fullName: body.full_name ?? null });
    await mailOtp(ctx, user);
    return c.json({ success: true, email: user.email, message: 'Enter the verification code sent to your email.' });
  });

  api.post('/auth/verify-otp', async (c) => {
    const body = validate(VerifyOtp, await readJson(c));
    const app = c.get('app');
    const user = await findUserByEmail(ctx.db, app.id, body.email);
    if (!user || !user.password_hash || !(await consumeOtp(ctx.db, user.id, body.otp_code))) {
      throw badRequest('otp_code', 'is wrong or has expired');
    }
    const verified = await updateUser(ctx.db, user.id, { email_verified: true });
    const token = await issueToken(ctx.db, user.id, app.id);
    setSessionCookie(c, token);
    return c.json({ success: true, access_token: token, user: toUserRecord(verified) });
  });

  api.post('/auth/resend-otp', async (c) => {
    const body = validate(EmailOnly, await readJson(c));
    limitMail(ctx, c.get('app').id, 'otp', body.email);
    const user = await findUserByEmail(ctx.db, c.get('app').id, body.email);
    if (user && user.password_hash && !user.email_verified) await mailOtp(ctx, user);
    return c.json(CODE_SENT);
  });

  api.post('/auth/reset-password-request', async (c) => {
    const body = validate(EmailOnly, await readJson(c));
    limitMail(ctx, c.get('app').id, 'reset', body.email);
    const user = await findUserByEmail(ctx.db, c.get('app').id, body.email);
    if (user?.password_hash) {
      const token = await issueResetToken(ctx.db, user.id);
      const link = `${ctx.publicUrl()}/login?reset_token=${encodeURIComponent(token)}`;
      await sendMail(ctx.db, user.app_id, { to: user.email, kind: 'reset', subject: 'Reset your password', body: `Open ${link} within 1 hour to choose a new password.` }, ctx.log);
    }
    return c.json(RESET_SENT);
  });

  api.post('/auth/reset-password', async (c) => {
    const body = validate(ResetPassword, await readJson(c));
    const userId = await consumeResetToken(ctx.db, c.get('app').id, body.reset_token);
    if (!userId) throw badRequest('reset_token', 'is invalid, used or expired');
    // Following the emailed link proves the mailbox, so it also verifies the address.
    await updateUser(ctx.db, userId, { password_hash: await hashPassword(body.new_password), email_verified: true });
    await revokeUserTokens(ctx.db, userId);
    ctx.broadcaster.disconnect({ userId });
    return c.json({ success: true, message: 'Password changed: sign in with the new password.' });
  });
}
