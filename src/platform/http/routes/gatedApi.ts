import { Hono } from 'hono';
import { HttpError } from '../errors.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';
import { registerDecisionRoute } from './accessRequests.ts';
import { registerAgentRoutes } from './agents.ts';
import { registerBackupRoute } from './backupRoute.ts';
import { registerDeckPdfStatusRoute } from './deckPdfStatus.ts';
import { appScope } from './appScope.ts';
import { admitted } from '../../identity/admission.ts';
import { registerEngagementFunctions } from './engagementFunctions.ts';
import { entityApi } from './entities.ts';
import { registerNotProvidedRoutes } from './notProvided.ts';
import { registerOutboxRoutes } from './outbox.ts';
import { registerAuditLogRoutes } from './auditLog.ts';
import { registerPresentingRoutes } from './presenting.ts';
import { registerUserRoutes } from './users.ts';
import { registerVersionRoutes } from './versions.ts';

/** Everything of /api/apps/{appId}/ but auth/*: the gate runs before any of it. */
export function gatedApi(ctx: PlatformContext): Hono<AppEnv> {
  const gated = new Hono<AppEnv>();
  gated.use('*', appScope(ctx), admitted(ctx));
  // User and Outbox have their own rules; registered first, they answer before the generic store.
  registerUserRoutes(gated, ctx);
  registerOutboxRoutes(gated, ctx);
  registerAuditLogRoutes(gated, ctx);
  registerDecisionRoute(gated, ctx);
  registerVersionRoutes(gated, ctx);
  gated.route('/entities', entityApi(ctx));
  registerAgentRoutes(gated, ctx);
  registerPresentingRoutes(gated, ctx);
  registerDeckPdfStatusRoute(gated, ctx);
  registerBackupRoute(gated, ctx);
  // Before the catch-all of functions the local platform lacks.
  registerEngagementFunctions(gated, ctx);
  registerNotProvidedRoutes(gated);
  gated.all('*', (c) => {
    throw new HttpError(404, { detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' });
  });
  return gated;
}
