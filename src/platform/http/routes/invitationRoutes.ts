import { Hono } from 'hono';
import { type AccessState, accessState, InviteBody } from '../../../../schemas/accessWire.ts';
import { adminOnly, type AppEnv } from '../../identity/admission.ts';
import { auditRequest } from '../../records/auditLog.ts';
import type { Caller } from '../../identity/access.ts';
import { readJson, validate } from '../body.ts';
import { revokeUserCodes } from '../../identity/codes.ts';
import { checkRecordId } from '../../records/entitiesStore.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { PlatformContext } from '../platformContext.ts';
import { type Inviter, inviteUser, mailInvitation } from '../../identity/invitations.ts';
import { revokeUserTokens } from '../../identity/tokens.ts';
import { accessFieldsOf, findUserById, toUserRecord, type UserRow } from '../../identity/users.ts';
import { printAhead } from '../../files/deckPdf.ts';

// Why a fresh invitation link cannot help a person, by their state; absent: it can.
const NO_RESEND: Partial<Record<AccessState, string>> = {
  joined: 'has already joined; they sign in with their password',
  revoked: 'access was revoked: invite them again to restore it',
  expired: 'access has expired: invite them again (with a later expiry) to restore it',
  not_admitted: 'is not invited: invite them first',
};

async function person(ctx: PlatformContext, appId: string, rawId: string): Promise<UserRow> {
  const id = checkRecordId(rawId);
  const target = await findUserById(ctx.db, appId, id);
  if (!target) throw notFound(`User ${id} not found`);
  return target;
}

/** The admin who sends an invitation, as its mail names them; the service role has no name to give. */
function inviterOf(caller: Caller): Inviter | null {
  return caller.kind === 'user' ? { name: caller.user.full_name, email: caller.user.email } : null;
}

/** The admin's access calls (ACCESS_CALL invite, resendInvite, revoke), behind the gate; mounted at /users. */
export function invitationRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const users = new Hono<AppEnv>();
  users.post('/invite-user', adminOnly('invite users'), async (c) => {
    const body = validate(InviteBody, await readJson(c));
    const user = await inviteUser(ctx, c.get('app').id, body, ctx.publicUrl(), new Date(), inviterOf(c.get('caller')));
    await auditRequest(ctx, c, {
      appId: c.get('app').id,
      action: 'invitation_sent',
      actor: c.get('caller'),
      target: user.email,
      detail: { role: user.role, expires_at: user.expires_at?.toISOString() ?? null, prepared_for: user.prepared_for },
    });
    printAhead(ctx, user);
    return c.json({ success: true, email: user.email, role: user.role, user: toUserRecord(user) });
  });

  users.post('/:id/resend-invite', adminOnly('resend invitations'), async (c) => {
    const target = await person(ctx, c.get('app').id, c.req.param('id'));
    const refusal = NO_RESEND[accessState(accessFieldsOf(target))];
    if (refusal) throw badRequest('user', refusal);
    await mailInvitation(ctx, target, ctx.publicUrl(), new Date(), inviterOf(c.get('caller')));
    await auditRequest(ctx, c, { appId: target.app_id, action: 'invitation_resent', actor: c.get('caller'), target: target.email });
    return c.json({ success: true, email: target.email });
  });

  users.post('/:id/revoke', adminOnly('revoke access'), async (c) => {
    const caller = c.get('caller');
    const target = await person(ctx, c.get('app').id, c.req.param('id'));
    if (caller.kind === 'user' && caller.user.id === target.id) throw badRequest('user', 'you cannot revoke your own access');
    const revoked = await ctx.db.query<UserRow>('UPDATE users SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING *', [target.id]);
    await revokeUserCodes(ctx.db, target.id, 'access_revoked');
    await revokeUserTokens(ctx.db, target.id, 'access_revoked');
    // Open decks end at once: their sockets drop, and the next call of the deck meets the gate.
    await ctx.broadcaster.standingChanged({ userId: target.id });
    // Someone who never joined loses an invitation; someone who did, their access.
    const before = accessState(accessFieldsOf(target));
    await auditRequest(ctx, c, {
      appId: target.app_id,
      action: before === 'invited' ? 'invitation_withdrawn' : 'access_revoked',
      actor: caller,
      target: target.email,
      detail: { state: before },
    });
    return c.json(toUserRecord(revoked.rows[0]!));
  });
  return users;
}
