import { Hono } from 'hono';
import { checkRecordId } from '../../records/entitiesStore.ts';
import { ENTITY_ACCESS, requireAllowed } from '../../records/entityAccess.ts';
import { HttpError, notFound } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { parseListParams, queryDocuments } from '../../records/listQuery.ts';
import { outboxDocuments } from '../../mail/outbox.ts';
import { auditRead } from '../../records/auditLog.ts';

const OUTBOX = ENTITY_ACCESS.Outbox!;

/** GET /entities/Outbox[/{id}] (mounted at /entities/Outbox): the mail the local platform would have sent, for admins only. */
export function outboxRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const outbox = new Hono<AppEnv>();
  outbox.get('/', async (c) => {
    requireAllowed(OUTBOX.read, c.get('caller'), 'Outbox', 'read');
    const found = await queryDocuments(ctx.db, outboxDocuments(c.get('app').id), parseListParams(c.req.query()));
    // The outbox holds live invitation and reset links: the log says who read it.
    await auditRead(ctx, c, { appId: c.get('app').id, action: 'outbox_read', actor: c.get('caller') });
    return c.json(found);
  });

  outbox.get('/:id', async (c) => {
    requireAllowed(OUTBOX.read, c.get('caller'), 'Outbox', 'read');
    const id = checkRecordId(c.req.param('id'));
    const result = await ctx.db.query<{ data: unknown }>('SELECT data FROM outbox WHERE app_id = $1 AND id = $2', [c.get('app').id, id]);
    if (!result.rows[0]) throw notFound(`Outbox message ${id} not found`);
    await auditRead(ctx, c, { appId: c.get('app').id, action: 'outbox_read', actor: c.get('caller'), target: `Outbox ${id}` });
    return c.json(result.rows[0].data);
  });

  outbox.on(['POST', 'PUT', 'DELETE'], ['/', '/*'], (c) => {
    requireAllowed(OUTBOX.read, c.get('caller'), 'Outbox', 'read');
    // Its create, update and delete rules are "nobody": the platform alone writes it.
    throw new HttpError(405, { detail: 'Outbox is read-only: the platform writes it', code: 'method_not_allowed' });
  });
  return outbox;
}
