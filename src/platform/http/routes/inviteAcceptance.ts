import { Hono } from 'hono';
import { z } from 'zod';
import { AcceptInviteBody, type InviteStatus } from '../../../../schemas/accessWire.ts';
import { readJson, validate } from '../body.ts';
import { revokeUserCodes } from '../../identity/codes.ts';
import { badRequest } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { consumeInviteLink, inviteLinkStatus } from '../../identity/inviteLinks.ts';
import { NewPassword, refuseBreached } from '../../identity/passwordPolicy.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { setSessionCookie } from '../../identity/session.ts';
import { issueToken, revokeUserTokens } from '../../identity/tokens.ts';
import { markJoined, toUserRecord, updateUser } from '../../identity/users.ts';
import { auditRequest } from '../../records/auditLog.ts';

const StatusBody = z.object({ invite_token: z.string().min(1).max(200) }).strict();
// The contract's body with the same password policy as register and reset-password.
const AcceptBody = AcceptInviteBody.extend({ new_password: NewPassword });

// Why an accept grants nothing, as the 400 names the link (the status call has the long wording).
const REFUSED: Record<Exclude<InviteStatus['state'], 'valid'>, string> = {
  used: 'was already used: sign in with your password',
  expired: "has expired: ask the deck's owners for a new one",
  replaced: 'was replaced by a newer invitation: open the latest invitation email',
  password_changed: 'is no longer needed: you have chosen a password since; sign in with it',
  revoked: "was withdrawn: access to this deck was revoked; ask the deck's owners to invite you again",
  unknown: 'is not valid: check that you opened the whole link from the email',
};

/** ACCESS_CALL inviteStatus and acceptInvite: what a link is worth, and choosing a password through it (the auth group mounts it). */
export function inviteAcceptanceRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const auth = new Hono<AppEnv>();
  auth.post('/invite-status', async (c) => {
    const body = validate(StatusBody, await readJson(c));
    return c.json(await inviteLinkStatus(ctx.db, c.get('app').id, body.invite_token));
  });

  auth.post('/accept-invite', async (c) => {
    const body = validate(AcceptBody, await readJson(c));
    // The password is judged before the link is used up, so a refused password leaves the link working.
    await refuseBreached('new_password', body.new_password);
    const passwordHash = await hashPassword(body.new_password);
    const app = c.get('app');
    const userId = await consumeInviteLink(ctx.db, app.id, body.invite_token);
    if (!userId) {
      const { state } = await inviteLinkStatus(ctx.db, app.id, body.invite_token);
      // A link that was valid a moment ago was taken by a parallel accept: that is "used".
      throw badRequest('invite_token', REFUSED[state === 'valid' ? 'used' : state]);
    }
    // The link proves the mailbox: the address is verified, and the person has joined.
    await markJoined(ctx.db, userId);
    const user = await updateUser(ctx.db, userId, {
      password_hash: passwordHash,
      email_verified: true,
      ...(body.full_name ? { full_name: body.full_name } : {}),
    });
    // Any other session, code or link dies with the old password, as after a reset.
    await revokeUserCodes(ctx.db, userId, 'password_set');
    await revokeUserTokens(ctx.db, userId, 'password_set');
    await ctx.broadcaster.standingChanged({ userId });
    // The address the link was opened from is the owner's, as after a sign-in.
    await ctx.signInLimits.noteKnownAddress(`${app.id}:${user.email}`, ctx.clientAddress(c));
    await auditRequest(ctx, c, { appId: app.id, action: 'invitation_accepted', actor: user.email, target: user.email });
    const token = await issueToken(ctx.db, userId, app.id);
    setSessionCookie(c, token);
    return c.json({ success: true, access_token: token, user: toUserRecord(user) });
  });
  return auth;
}
