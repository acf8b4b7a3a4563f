import { Hono } from 'hono';
import { ENGAGEMENT_ENTITY, ENGAGEMENT_FUNCTION } from '../../../../schemas/engagementPaths.ts';
import { viewTallyJson } from '../../records/engagementTally.ts';
import { readsAll, ruleFor } from '../../records/entityAccess.ts';
import { forbidden } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';

/**
 * The backend functions of engagement the local platform provides (every other name answers
 * "not provided"). The tally reads every SlideView record, so it asks what a list of them asks:
 * SlideView's read rule for all records (admins only). Mounted before notProvidedRoutes.
 */
export function engagementFunctionRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const functions = new Hono<AppEnv>();
  functions.post(`/functions/${ENGAGEMENT_FUNCTION.tally}`, async (c) => {
    if (!readsAll(ruleFor(ENGAGEMENT_ENTITY.view), c.get('caller'))) throw forbidden(`You may not read ${ENGAGEMENT_ENTITY.view} records`);
    const tally = await viewTallyJson(ctx.db, c.get('app').id);
    return c.body(tally, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  });
  return functions;
}
