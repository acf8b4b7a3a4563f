import { Hono } from 'hono';
import { ACCESS_CALL, ACCESS_ENTITY, AccessRequestBody, DecisionBody, type RequestStatus } from '../../../../schemas/accessWire.ts';
import { accessEnded, type Caller, isRegistered, requireUser } from '../../identity/access.ts';
import { adminOnly, type AppEnv } from '../../identity/admission.ts';
import { accessRequestNotice, mailAdmins } from '../../records/adminNotices.ts';
import { readJson, validate } from '../body.ts';
import { nowIso, type Queryable } from '../../db/db.ts';
import { checkRecordId, createRecord, type EntityRecord, getRecord, updateRecord } from '../../records/entitiesStore.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { PlatformContext } from '../platformContext.ts';
import { sendMail } from '../../mail/outbox.ts';
import { findUserById, updateUser, type UserRow } from '../../identity/users.ts';
import { announce } from './entities.ts';
import { auditRequest } from '../../records/auditLog.ts';
import { ruleFor } from '../../records/entityAccess.ts';

// Access requests: a signed-in person nobody invited asks; an admin approves or declines. The
// records are AccessRequest entities (read through the generic routes under their rule in
// entityAccess.ts), but only these two calls create or settle one.

const ENTITY = ACCESS_ENTITY.accessRequest;

async function pendingRequestOf(db: Queryable, appId: string, userId: string): Promise<EntityRecord | null> {
  const result = await db.query<{ data: EntityRecord }>(
    `SELECT data FROM entities WHERE app_id = $1 AND entity = $2 AND data->>'user_id' = $3 AND data->>'status' = 'pending'
     ORDER BY seq LIMIT 1`,
    [appId, ENTITY, userId],
  );
  return result.rows[0]?.data ?? null;
}

// A revoked person must be invited again by name, and one who has access has nothing to ask;
// a person whose access expired may ask for more time.
function refuseAsker(app: AppEnv['Variables']['app'], user: UserRow): void {
  if (user.revoked_at) throw badRequest('user', "access was revoked by the deck's owners; ask them to invite you again");
  if (isRegistered(app, user) && !accessEnded(user)) throw badRequest('user', 'already has access');
}

/** POST ACCESS_CALL.requestAccess (auth group: the asker has not passed the gate); mounted by authApi.ts. */
export function requestAccessRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const auth = new Hono<AppEnv>();
  // The auth group is mounted at /auth, so its routes are written without that prefix.
  auth.post(ACCESS_CALL.requestAccess.replace(/^\/auth/, ''), async (c) => {
    const user = requireUser(c.get('caller'));
    const body = validate(AccessRequestBody, await readJson(c));
    const app = c.get('app');
    refuseAsker(app, user);
    await ctx.writeRates.reserve(app.id, ENTITY, ruleFor(ENTITY), c.get('caller'), ctx.clientAddress(c), 1);
    // One transaction, so two clicks at once still make one request.
    const { record, isNew } = await ctx.db.transaction(async (tx) => {
      const pending = await pendingRequestOf(tx, app.id, user.id);
      if (pending) return { record: pending, isNew: false };
      const fields = {
        email: user.email,
        full_name: user.full_name,
        message: body.message ?? null,
        status: 'pending' satisfies RequestStatus,
        user_id: user.id,
      };
      return { record: await createRecord(tx, app.id, ENTITY, fields, { email: user.email, id: user.id }), isNew: true };
    });
    if (isNew) {
      announce(ctx, app.id, ENTITY, 'create', [record]);
      await auditRequest(ctx, c, { appId: app.id, action: 'access_requested', actor: user.email, target: user.email, detail: { request: record.id } });
      ctx.afterReply.add(c, 'access request notice', () => mailAdmins(ctx, app.id, accessRequestNotice(record)));
    }
    return c.json(record);
  });
  return auth;
}

function decider(caller: Caller): { decided_by: string | null; decided_by_id: string | null } {
  return caller.kind === 'user' ? { decided_by: caller.user.email, decided_by_id: caller.user.id } : { decided_by: null, decided_by_id: null };
}

// Approval lets the person in (and lifts an expiry already past, since they asked for more time).
async function letIn(db: Queryable, person: UserRow, now: Date): Promise<void> {
  const ended = accessEnded(person, now);
  if (person.invited && !ended) return;
  await updateUser(db, person.id, { invited: true, invited_at: now, ...(ended ? { expires_at: null } : {}) });
}

async function mailDecision(ctx: PlatformContext, appId: string, to: string, status: RequestStatus): Promise<void> {
  if (status === 'approved') {
    await sendMail(ctx, appId, {
      to,
      kind: 'access_approved',
      subject: 'Your access to the deck was approved',
      heading: 'Your access was approved',
      intro: ['Good news: your request to view the deck was approved.', 'Sign in with the address this message was sent to.'],
      action: { label: 'Open the deck', url: `${ctx.publicUrl()}/` },
    });
    return;
  }
  await sendMail(ctx, appId, {
    to,
    kind: 'access_declined',
    subject: 'About your request to view the deck',
    heading: 'About your request',
    intro: [
      'Thank you for your interest in the deck.',
      'Its owners have decided not to give access at this time. If you think this is a mistake, please contact them directly.',
    ],
  });
}

/**
 * POST ACCESS_CALL.decideRequest(id) (admin; mounted at /access-requests): approve or decline a
 * pending request, then tell the room and the person.
 */
export function accessDecisionRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const decisions = new Hono<AppEnv>();
  // ACCESS_CALL.decideRequest(':id') would encode the colon; the path is the same one, spelt for the router.
  decisions.post('/:id/decide', adminOnly('decide access requests'), async (c) => {
    const caller = c.get('caller');
    const id = checkRecordId(c.req.param('id'));
    const { decision } = validate(DecisionBody, await readJson(c));
    const appId = c.get('app').id;
    const status: RequestStatus = decision === 'approve' ? 'approved' : 'declined';
    // One transaction: of two admins deciding at once, the second finds the request decided.
    const { record, person } = await ctx.db.transaction(async (tx) => {
      const request = await getRecord(tx, appId, ENTITY, id);
      if (!request) throw notFound(`${ENTITY} ${id} not found`);
      if (request.status !== 'pending') throw badRequest('decision', `this request was already ${String(request.status)}`);
      const person = typeof request.user_id === 'string' ? await findUserById(tx, appId, request.user_id) : null;
      if (status === 'approved') {
        if (!person) throw badRequest('decision', 'the person who asked no longer has an account');
        if (person.revoked_at) throw badRequest('decision', "this person's access was revoked; invite them again to let them back in");
        await letIn(tx, person, new Date());
      }
      const decided = await updateRecord(tx, appId, ENTITY, id, { status, decided_at: nowIso(), ...decider(caller) });
      return { record: decided!, person };
    });
    announce(ctx, appId, ENTITY, 'update', [record]);
    await auditRequest(ctx, c, {
      appId,
      action: status === 'approved' ? 'access_approved' : 'access_declined',
      actor: caller,
      target: typeof record.email === 'string' ? record.email : (person?.email ?? null),
      detail: { request: id },
    });
    if (person) ctx.afterReply.add(c, 'access decision mail', () => mailDecision(ctx, appId, person.email, status));
    return c.json(record);
  });
  return decisions;
}
