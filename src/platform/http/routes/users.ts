import { type Context, Hono } from 'hono';
import { auditRead, auditRequest } from '../../records/auditLog.ts';
import { AccessPatch } from '../../../../schemas/accessWire.ts';
import { type Caller, isAdmin, requireUser } from '../../identity/access.ts';
import { adminOnly, type AppEnv } from '../../identity/admission.ts';
import { readJson, validate } from '../body.ts';
import { checkRecordId } from '../../records/entitiesStore.ts';
import { allows, ENTITY_ACCESS, requireAllowed } from '../../records/entityAccess.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../core/errors.ts';
import type { PlatformContext } from '../platformContext.ts';
import { parseListParams, project, queryDocuments } from '../../records/listQuery.ts';
import { futureExpiry } from '../../identity/invitations.ts';
import { personRoom } from '../../../../schemas/viewerPartner.ts';
import { partnerOf } from '../../identity/requestPartner.ts';
import { findUserById, PROFILE_FIELDS, toUserRecord, updateUser, userDocuments, type UserPatch, type UserRow } from '../../identity/users.ts';
import { printAhead } from '../../files/deckPdf.ts';

const USER = ENTITY_ACCESS.User!;

// What an admin may set on anyone's record (AccessPatch); everyone else only PROFILE_FIELDS on their own.
const ADMIN_FIELDS: readonly string[] = Object.keys(AccessPatch.shape);
// Written by the platform as people use the deck, never by a client.
const BOOKKEEPING = new Set(['updated_date', 'last_seen_at', 'joined_at']);

/**
 * The patch a user update may apply: the PROFILE_FIELDS, plus AccessPatch's fields (role, expiry,
 * "Prepared for") for admins. Any other key is a 400 naming it, and nothing of the body is stored then.
 */
function userPatch(target: UserRow, body: unknown, admin: boolean): UserPatch {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, { detail: 'body: must be a JSON object', code: 'invalid_input' });
  }
  const current = toUserRecord(target);
  const allowed: readonly string[] = admin ? ADMIN_FIELDS : PROFILE_FIELDS;
  const chosen: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    // Clients often send the whole user back; a field of the record sent unchanged is ignored, and
    // so is the platform's bookkeeping, which a copy read a moment ago may already show stale.
    if (Object.hasOwn(current, key) && JSON.stringify(value) === JSON.stringify(current[key])) continue;
    if (BOOKKEEPING.has(key)) continue;
    if (allowed.includes(key)) chosen[key] = value;
    else if (Object.hasOwn(current, key)) throw badRequest(key, 'cannot be changed here');
    else throw badRequest(key, `is not a profile field (the fields a user may set: ${PROFILE_FIELDS.join(', ')})`);
  }
  const parsed = validate(AccessPatch, chosen);
  return {
    role: parsed.role,
    full_name: parsed.full_name,
    prepared_for: parsed.prepared_for,
    expires_at: parsed.expires_at === undefined ? undefined : futureExpiry(parsed.expires_at),
  };
}

// The fields changed on someone's record (by an admin, or the name by its owner), each an audit entry with its before and after.
const AUDITED_FIELDS = [
  ['full_name', 'name_changed'],
  ['role', 'role_changed'],
  ['expires_at', 'expiry_changed'],
  ['prepared_for', 'prepared_for_changed'],
] as const;

async function auditAccessChanges(ctx: PlatformContext, c: Context, caller: Caller, before: UserRow, after: UserRow): Promise<void> {
  const was = toUserRecord(before);
  const now = toUserRecord(after);
  for (const [field, action] of AUDITED_FIELDS) {
    if (JSON.stringify(was[field] ?? null) === JSON.stringify(now[field] ?? null)) continue;
    await auditRequest(ctx, c, {
      appId: after.app_id,
      action,
      actor: caller,
      target: after.email,
      detail: { from: was[field] ?? null, to: now[field] ?? null },
    });
  }
}

// A user reads and updates their own record (the "owner" of the User rule); admins every one.
function mayRead(caller: Caller, target: UserRow): boolean {
  return allows(USER.read, caller, target.id);
}

/**
 * The User entity, mounted at /entities/User before the generic store: the `me` pair, and others'
 * records for admins only.
 */
export function userRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const users = new Hono<AppEnv>();
  users.get('/me', (c) => c.json(toUserRecord(requireUser(c.get('caller')))));

  users.put('/me', async (c) => {
    const user = requireUser(c.get('caller'));
    const patch = userPatch(user, await readJson(c), false);
    await ctx.writeRates.reserve(c.get('app').id, 'User', USER, c.get('caller'), ctx.clientAddress(c), 1);
    const updated = await updateUser(ctx.db, user.id, patch);
    await auditAccessChanges(ctx, c, c.get('caller'), user, updated);
    return c.json(toUserRecord(updated));
  });

  // Listing is for admins only; a user reads their own record through /me or by id.
  users.get('/', adminOnly('list users'), async (c) => {
    const found = await queryDocuments(ctx.db, userDocuments(c.get('app').id), parseListParams(c.req.query()));
    await auditRead(ctx, c, { appId: c.get('app').id, action: 'people_listed', actor: c.get('caller') });
    return c.json(found);
  });

  users.get('/:id', async (c) => {
    const id = checkRecordId(c.req.param('id'));
    const target = await findUserById(ctx.db, c.get('app').id, id);
    if (!target || !mayRead(c.get('caller'), target)) throw notFound(`User ${id} not found`);
    const fields = parseListParams(c.req.query()).fields;
    return c.json(project(toUserRecord(target), fields));
  });

  users.put('/:id', async (c) => {
    const caller = c.get('caller');
    const id = checkRecordId(c.req.param('id'));
    const target = await findUserById(ctx.db, c.get('app').id, id);
    if (!target || !mayRead(caller, target)) throw notFound(`User ${id} not found`);
    if (!allows(USER.update, caller, target.id)) throw forbidden('You may not update this User record');
    const patch = userPatch(target, await readJson(c), isAdmin(caller));
    await ctx.writeRates.reserve(c.get('app').id, 'User', USER, caller, ctx.clientAddress(c), 1);
    const updated = await updateUser(ctx.db, target.id, patch);
    // Role and expiry decide what the person's open sockets may receive: they are decided again
    // (a former admin's close, so it stops receiving the changes of records it may no longer read).
    if (patch.role !== undefined || patch.expires_at !== undefined) await ctx.broadcaster.standingChanged({ userId: target.id });
    // A new Prepared-for reaches the person's open decks at once, on their own room only.
    if (JSON.stringify(target.prepared_for ?? null) !== JSON.stringify(updated.prepared_for ?? null)) {
      announcePartner(ctx, updated);
      printAhead(ctx, updated);
    }
    await auditAccessChanges(ctx, c, caller, target, updated);
    return c.json(toUserRecord(updated));
  });

  users.delete('/:id', adminOnly('delete users'), async (c) => {
    requireAllowed(USER.delete, c.get('caller'), 'User', 'delete');
    const id = checkRecordId(c.req.param('id'));
    const result = await ctx.db.query<{ email: string }>('DELETE FROM users WHERE app_id = $1 AND id = $2 RETURNING email', [c.get('app').id, id]);
    if (!result.affectedRows) throw notFound(`User ${id} not found`);
    await auditRequest(ctx, c, { appId: c.get('app').id, action: 'user_deleted', actor: c.get('caller'), target: result.rows[0]?.email ?? id });
    await ctx.broadcaster.standingChanged({ userId: id });
    return c.json({ success: true, id: c.req.param('id') });
  });

  users.on(['POST', 'DELETE'], ['/', '/bulk', '/import'], () => {
    throw forbidden('Users join through invite-user or register, and leave one at a time');
  });
  return users;
}

/** Tells the person's open decks (their own room) the partner they are now pitched as. */
function announcePartner(ctx: PlatformContext, user: UserRow): void {
  const partner = partnerOf(ctx, user);
  if (partner) ctx.broadcaster.publish(personRoom(user.id), { partner });
}
