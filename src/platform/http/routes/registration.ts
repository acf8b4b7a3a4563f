import { Hono } from 'hono';
import { z } from 'zod';
import { readJson, validate } from '../body.ts';
import {
  type CodeHolder,
  consumeOtp,
  consumeResetToken,
  dropPendingCodes,
  issueOtp,
  issueResetToken,
  latestCandidate,
  revokeUserCodes,
} from '../../identity/codes.ts';
import { waitText } from '../../identity/attemptLimiter.ts';
import { ACCESS_ENDED_REASON } from '../../../../schemas/accessWire.ts';
import { accessEnded } from '../../identity/access.ts';
import { badRequest, gateError, HttpError } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { reserveMailRequest } from '../../identity/mailRequests.ts';
import { sendMail } from '../../mail/outbox.ts';
import { NewPassword, refuseBreached } from '../../identity/passwordPolicy.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { setSessionCookie } from '../../identity/session.ts';
import { issueToken, revokeUserTokens } from '../../identity/tokens.ts';
import { auditRequest } from '../../records/auditLog.ts';
import { createUser, findUserById, findUserByEmail, markJoined, normalizeEmail, toUserRecord, updateUser, type UserRow } from '../../identity/users.ts';
import { deckPhrase } from '../../mail/mailWording.ts';

const Email = z.email('must be an email address').max(320);
const Register = z.object({ email: Email, password: NewPassword, full_name: z.string().max(200).optional() });
const VerifyOtp = z.object({ email: Email, otp_code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code') });
const EmailOnly = z.object({ email: Email });
const ResetPassword = z.object({ reset_token: z.string().min(1).max(200), new_password: NewPassword });

// Said whether or not the address has an account, so the reply reveals nothing.
const REGISTERED = 'Enter the verification code sent to your email.';
const RESET_SENT = { success: true, message: 'If an account exists for this email, a reset link has been sent.' };
const CODE_SENT = { success: true, message: 'If this email is waiting for verification, a new code has been sent.' };

async function mailOtp(ctx: PlatformContext, appId: string, email: string, holder: CodeHolder, passwordHash: string | null): Promise<void> {
  const code = await issueOtp(ctx.db, holder, passwordHash);
  await sendMail(ctx, appId, {
    to: email,
    kind: 'otp',
    subject: 'Your verification code',
    heading: 'Your verification code',
    intro: [`Type this code on the sign-in page of ${deckPhrase(ctx.deck)} (${ctx.publicUrl()}/login) to confirm this address. Never type it anywhere else.`],
    code,
    outro: ['The code expires in 10 minutes.'],
    secrets: [code],
  });
}

/** Registrations of an address so far: on its user row, and while it had no account (pending_signups). */
async function registrationsOf(ctx: PlatformContext, appId: string, email: string): Promise<number> {
  const result = await ctx.db.query<{ registrations: number }>(
    `SELECT COALESCE((SELECT registrations FROM users WHERE app_id = $1 AND email = $2), 0)
          + COALESCE((SELECT registrations FROM pending_signups WHERE app_id = $1 AND email = $2), 0) AS registrations`,
    [appId, normalizeEmail(email)],
  );
  return Number(result.rows[0]?.registrations ?? 0);
}

// Every register and resend call takes a place in the deck-wide budget of codes to addresses never
// seen before, in the request (so a parallel burst gets no more than the budget, and the 429, the
// same for every address, tells nothing about one); one that turns out to concern an account gives
// its place back after the reply.
async function reserveNewAddressCode(ctx: PlatformContext, appId: string): Promise<void> {
  const wait = await ctx.newAddressCodes.reserve(appId);
  if (wait > 0) {
    throw new HttpError(
      429,
      { detail: `Too many sign-ups right now; try again in ${waitText(wait)}`, code: 'too_many_attempts' },
      { 'Retry-After': String(wait) },
    );
  }
}

/**
 * The part of a registration done after the reply. A verified account is left alone and its
 * owner told; an account waiting for verification (an invited person) gets a code carrying this
 * registration's password hash, and its stored password is never touched; an
 * address with no account gets a code too, but no user row until the code comes back.
 */
async function registerAfterReply(ctx: PlatformContext, appId: string, email: string, passwordHash: string, fullName: string | undefined): Promise<void> {
  const existing = await findUserByEmail(ctx.db, appId, email);
  if (existing) await ctx.newAddressCodes.refund(appId);
  if (existing?.email_verified) {
    await sendMail(ctx, appId, {
      to: existing.email,
      kind: 'account_exists',
      subject: 'Someone tried to create an account with your address',
      heading: 'Your address already has an account',
      intro: [
        'Someone tried to create an account with this address, which already has one.',
        'If it was you, sign in with your password, or use “Forgot your password?” on the sign-in page. If not, you can ignore this message: nothing was changed.',
      ],
      action: { label: 'Go to the sign-in page', url: `${ctx.publicUrl()}/login` },
    });
    return;
  }
  if (existing) {
    await ctx.db.query('UPDATE users SET registrations = registrations + 1, full_name = COALESCE(full_name, $2) WHERE id = $1', [
      existing.id,
      fullName ?? null,
    ]);
    await mailOtp(ctx, appId, existing.email, { userId: existing.id }, passwordHash);
    return;
  }
  const address = normalizeEmail(email);
  await ctx.db.query(
    `INSERT INTO pending_signups (app_id, email, full_name, registrations) VALUES ($1, $2, $3, 1)
     ON CONFLICT (app_id, email) DO UPDATE SET registrations = pending_signups.registrations + 1,
       full_name = COALESCE(pending_signups.full_name, EXCLUDED.full_name)`,
    [appId, address, fullName ?? null],
  );
  await mailOtp(ctx, appId, address, { appId, email: address }, passwordHash);
}

/**
 * The account a code proved, made now if the address had none (verified, not invited: the gate
 * then decides as for anyone who registered); null when no live code of the address matches.
 */
async function provenAccount(ctx: PlatformContext, appId: string, email: string, code: string): Promise<{ user: UserRow; passwordHash: string | null } | null> {
  const address = normalizeEmail(email);
  const existing = await findUserByEmail(ctx.db, appId, address);
  if (existing?.email_verified) return null;
  const consumed = (existing ? await consumeOtp(ctx.db, { userId: existing.id }, code) : null) ?? (await consumeOtp(ctx.db, { appId, email: address }, code));
  if (!consumed) return null;
  if (existing) return { user: existing, passwordHash: consumed.passwordHash };
  const pending = await ctx.db.query<{ full_name: string | null }>('SELECT full_name FROM pending_signups WHERE app_id = $1 AND email = $2', [appId, address]);
  // An invitation may have made the row since the code was sent: the address is the same person's.
  const user =
    (await findUserByEmail(ctx.db, appId, address)) ??
    (await createUser(ctx.db, { appId, email: address, role: 'user', invited: false, fullName: pending.rows[0]?.full_name ?? null }).catch(
      async (error: unknown) => {
        const raced = await findUserByEmail(ctx.db, appId, address);
        if (!raced) throw error;
        return raced;
      },
    ));
  return { user, passwordHash: consumed.passwordHash };
}

/** register, verify-otp, resend-otp, reset-password-request and reset-password; the auth group mounts it. */
export function registrationRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const auth = new Hono<AppEnv>();
  auth.post('/register', async (c) => {
    const body = validate(Register, await readJson(c));
    await refuseBreached('password', body.password);
    const app = c.get('app');
    await reserveMailRequest(ctx.mailLimiter, app.id, 'otp', body.email);
    await reserveNewAddressCode(ctx, app.id);
    // Hashed whatever the address's state, so the reply takes as long for a known address as a new one.
    const passwordHash = await hashPassword(body.password);
    ctx.afterReply.add(c, 'register', () => registerAfterReply(ctx, app.id, body.email, passwordHash, body.full_name));
    return c.json({ success: true, email: normalizeEmail(body.email), message: REGISTERED });
  });

  auth.post('/verify-otp', async (c) => {
    const body = validate(VerifyOtp, await readJson(c));
    const app = c.get('app');
    const registrations = await registrationsOf(ctx, app.id, body.email);
    const proven = await provenAccount(ctx, app.id, body.email, body.otp_code);
    if (!proven) throw badRequest('otp_code', 'is wrong or has expired');
    const { user } = proven;
    // The candidate password counts only when nobody else registered this address: with two or
    // more registrations the code proves the mailbox but not which password is its owner's.
    const sole = proven.passwordHash !== null && registrations === 1;
    await revokeUserCodes(ctx.db, user.id, 'password_set');
    await dropPendingCodes(ctx.db, app.id, user.email);
    await ctx.db.query('DELETE FROM pending_signups WHERE app_id = $1 AND email = $2', [app.id, user.email]);
    // Proving the mailbox does not reopen access that ended (revoked or expired): no token then.
    if (accessEnded(user)) throw gateError(ACCESS_ENDED_REASON);
    await markJoined(ctx.db, user.id);
    const verified = await updateUser(ctx.db, user.id, { email_verified: true, ...(sole ? { password_hash: proven.passwordHash! } : {}) });
    // The address this code came from is the owner's, like one they signed in from.
    await ctx.signInLimits.noteKnownAddress(`${app.id}:${verified.email}`, ctx.clientAddress(c));
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
    await reserveMailRequest(ctx.mailLimiter, appId, 'otp', body.email);
    await reserveNewAddressCode(ctx, appId);
    ctx.afterReply.add(c, 'resend-otp', async () => {
      const address = normalizeEmail(body.email);
      const user = await findUserByEmail(ctx.db, appId, address);
      if (user) await ctx.newAddressCodes.refund(appId);
      if (user && !user.email_verified && (await registrationsOf(ctx, appId, address)) > 0) {
        await mailOtp(ctx, appId, user.email, { userId: user.id }, await latestCandidate(ctx.db, { userId: user.id }));
        return;
      }
      if (user) return;
      const pending = await ctx.db.query('SELECT 1 FROM pending_signups WHERE app_id = $1 AND email = $2', [appId, address]);
      if (pending.rows.length === 0) return void (await ctx.newAddressCodes.refund(appId));
      await mailOtp(ctx, appId, address, { appId, email: address }, await latestCandidate(ctx.db, { appId, email: address }));
    });
    return c.json(CODE_SENT);
  });

  auth.post('/reset-password-request', async (c) => {
    const body = validate(EmailOnly, await readJson(c));
    const appId = c.get('app').id;
    await reserveMailRequest(ctx.mailLimiter, appId, 'reset', body.email);
    ctx.afterReply.add(c, 'reset-password-request', async () => {
      const user = await findUserByEmail(ctx.db, appId, body.email);
      // Any account may choose a password through its mailbox, also one verified without one.
      if (!user) return;
      const token = await issueResetToken(ctx.db, user.id);
      const link = `${ctx.publicUrl()}/login?reset_token=${encodeURIComponent(token)}`;
      await sendMail(ctx, user.app_id, {
        to: user.email,
        kind: 'reset',
        subject: 'Reset your password',
        heading: 'Reset your password',
        intro: [`Someone asked to reset the password of your account for ${deckPhrase(ctx.deck)}. The button lets you choose a new one.`],
        action: { label: 'Choose a new password', url: link },
        outro: ['The link works once, within 1 hour. Until it is used, your password stays as it is.'],
        secrets: [link],
      });
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
    await ctx.broadcaster.standingChanged({ userId });
    const person = await findUserById(ctx.db, c.get('app').id, userId);
    if (person) await auditRequest(ctx, c, { appId: person.app_id, action: 'password_reset', actor: person.email, target: person.email });
    return c.json({ success: true, message: 'Password changed: sign in with the new password.' });
  });
  return auth;
}
