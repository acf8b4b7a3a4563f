import { Hono } from 'hono';
import { AUDIT_CALL } from '../../../../schemas/auditPaths.ts';
import { DECK_PDF_STATUS_CALL } from '../../../../schemas/engagementPaths.ts';
import { admitted, type AppEnv } from '../../identity/admission.ts';
import { HttpError } from '../../core/errors.ts';
import type { PlatformContext } from '../platformContext.ts';
import { accessDecisionRoutes } from './accessRequests.ts';
import { agentRoutes } from './agents.ts';
import { appScope } from './appScope.ts';
import { auditLogRoutes } from './auditLog.ts';
import { BACKUP_CALL, backupRoutes } from './backupRoute.ts';
import { deckPdfStatusRoutes } from './deckPdfStatus.ts';
import { engagementFunctionRoutes } from './engagementFunctions.ts';
import { entityApi } from './entities.ts';
import { invitationRoutes } from './invitationRoutes.ts';
import { notProvidedRoutes } from './notProvided.ts';
import { outboxRoutes } from './outbox.ts';
import { presentingRoutes } from './presenting.ts';
import { userRoutes } from './users.ts';
import { versionRoutes } from './versions.ts';
import { questionFigureRoutes } from './questionFigures.ts';
import { agreementStatusRoutes } from './agreementRoutes.ts';

/**
 * Everything of /api/apps/{appId}/ but auth/*: the gate runs before any of it. Each sub-app writes
 * its paths relative to where it is mounted here (`/` where its routes share no prefix), and checks
 * roles with middleware on its routes (adminOnly, serviceOnly).
 */
export function gatedApi(ctx: PlatformContext): Hono<AppEnv> {
  const gated = new Hono<AppEnv>();
  gated.use('*', appScope(ctx), admitted(ctx));
  gated.route('/users', invitationRoutes(ctx));
  // User and Outbox have their own rules; mounted first, they answer before the generic store.
  gated.route('/entities/User', userRoutes(ctx));
  gated.route('/entities/Outbox', outboxRoutes(ctx));
  gated.route(AUDIT_CALL, auditLogRoutes(ctx));
  gated.route('/', accessDecisionRoutes(ctx));
  // Versions too: VERSIONS_CALL is a path of the generic store's shape.
  gated.route('/', versionRoutes(ctx));
  gated.route('/entities', entityApi(ctx));
  gated.route('/agents/conversations', agentRoutes(ctx));
  gated.route('/', presentingRoutes(ctx));
  gated.route('/', agreementStatusRoutes(ctx));
  gated.route(DECK_PDF_STATUS_CALL, deckPdfStatusRoutes(ctx));
  gated.route(BACKUP_CALL, backupRoutes(ctx));
  // Before the catch-all of functions the local platform lacks.
  gated.route('/', engagementFunctionRoutes(ctx));
  gated.route('/', questionFigureRoutes(ctx));
  gated.route('/', notProvidedRoutes());
  gated.all('*', (c) => {
    throw new HttpError(404, { detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' });
  });
  return gated;
}
