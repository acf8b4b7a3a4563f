import type { Hono } from 'hono';
import { type AccessState, accessState, InviteBody } from '../../../schemas/accessWire.ts';
import { requireAdmin } from '../access.ts';
import { readJson, validate } from '../body.ts';
import { revokeUserCodes } from '../codes.ts';
import { checkRecordId } from '../entitiesStore.ts';
import { badRequest, notFound } from '../errors.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';
import { inviteUser, mailInvitation } from '../invitations.ts';
import { revokeUserTokens } from '../tokens.ts';
import { accessFieldsOf, findUserById, toUserRecord, type UserRow } from '../users.ts';

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

/** The admin's access calls (ACCESS_CALL invite, resendInvite, revoke), behind the gate. */
export function registerInvitationRoutes(api: Hono<AppEnv>, ctx: PlatformContext): void {
  api.post('/users/invite-user', async (c) => {
    requireAdmin(c.get('caller'), 'invite users');
    const body = validate(InviteBody, await readJson(c));
    const user = await inviteUser(ctx, c.get('app').id, body, ctx.publicUrl());
    return c.json({ success: true, email: user.email, role: user.role, user: toUserRecord(user) });
  });

  api.post('/users/:id/resend-invite', async (c) => {
    requireAdmin(c.get('caller'), 'resend invitations');
    const target = await person(ctx, c.get('app').id, c.req.param('id'));
    const refusal = NO_RESEND[accessState(accessFieldsOf(target))];
    if (refusal) throw badRequest('user', refusal);
    await mailInvitation(ctx, target, ctx.publicUrl());
    return c.json({ success: true, email: target.email });
  });

  api.post('/users/:id/revoke', async (c) => {
    const caller = c.get('caller');
    requireAdmin(caller, 'revoke access');
    const target = await person(ctx, c.get('app').id, c.req.param('id'));
    if (caller.kind === 'user' && caller.user.id === target.id) throw badRequest('user', 'you cannot revoke your own access');
    const revoked = await ctx.db.query<UserRow>('UPDATE users SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING *', [target.id]);
    await revokeUserCodes(ctx.db, target.id, 'access_revoked');
    await revokeUserTokens(ctx.db, target.id, 'access_revoked');
    // Open decks end at once: their sockets drop, and the next call of the deck meets the gate.
    ctx.broadcaster.disconnect({ userId: target.id });
    return c.json(toUserRecord(revoked.rows[0]!));
  });
}
