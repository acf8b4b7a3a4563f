import { Hono } from 'hono';
import { ENGAGEMENT_ENTITY } from '../../../../schemas/engagementPaths.ts';
import { auditRead } from '../../records/auditLog.ts';
import { viewTallyJson } from '../../engagement/engagementTally.ts';
import { readsAll, ruleFor } from '../../records/entityAccess.ts';
import { forbidden } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';

/**
 * The function ENGAGEMENT_FUNCTION.tally (mounted at its name). It reads every SlideView record, so
 * it asks what a list of them asks: SlideView's read rule for all records (admins only).
 */
export function engagementTallyRoute(ctx: PlatformContext): Hono<AppEnv> {
  const tally = new Hono<AppEnv>();
  tally.post('/', async (c) => {
    if (!readsAll(ruleFor(ENGAGEMENT_ENTITY.view), c.get('caller'))) throw forbidden(`You may not read ${ENGAGEMENT_ENTITY.view} records`);
    const json = await viewTallyJson(ctx.db, c.get('app').id);
    await auditRead(ctx, c, { appId: c.get('app').id, action: 'engagement_tally_read', actor: c.get('caller') });
    return c.body(json, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  });
  return tally;
}
