import { Hono } from 'hono';
import { AGREEMENT_CALL } from '../../../../schemas/agreementPaths.ts';
import { AUDIT_CALL } from '../../../../schemas/auditPaths.ts';
import { DECK_PDF_STATUS_CALL, ENGAGEMENT_FUNCTION } from '../../../../schemas/engagementPaths.ts';
import { QUESTION_FUNCTION } from '../../../../schemas/questionPaths.ts';
import { NEWS_CALL, WEBHOOK_CALL } from '../../../../schemas/newsPaths.ts';
import { READINESS_CALL } from '../../../../schemas/readinessWire.ts';
import { VERSION_ENTITY } from '../../../../schemas/versionEntity.ts';
import { VERSION_CHANGES_FUNCTION } from '../../../../schemas/versionPaths.ts';
import { HttpError } from '../../core/errors.ts';
import { type AppEnv, admitted } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { accessDecisionRoutes } from './accessRequests.ts';
import { agentRoutes } from './agents.ts';
import { appScope } from './appScope.ts';
import { auditLogRoutes } from './auditLog.ts';
import { BACKUP_CALL, backupRoutes } from './backupRoute.ts';
import { deckPdfStatusRoutes } from './deckPdfStatus.ts';
import { engagementTallyRoute } from './engagementFunctions.ts';
import { entityApi } from './entities.ts';
import { invitationRoutes } from './invitationRoutes.ts';
import { functionsNotProvided, integrationsNotProvided } from './notProvided.ts';
import { newsRoutes } from './newsRoutes.ts';
import { webhookRoutes } from './webhookRoutes.ts';
import { outboxRoutes } from './outbox.ts';
import { PRESENTING_PREFIX, presentingRoutes } from './presenting.ts';
import { readinessRoutes } from './readiness.ts';
import { userRoutes } from './users.ts';
import { questionFigureRoutes } from './questionFigures.ts';
import { agreementStatusRoutes } from './agreementRoutes.ts';
import { versionChangesRoute, versionRoutes } from './versions.ts';

type SubApp = (ctx: PlatformContext) => Hono<AppEnv>;

/** The entities with routes of their own, by name; the generic store takes every other name. */
const OWN_ENTITY_ROUTES: Readonly<Record<string, SubApp>> = {
  User: userRoutes,
  Outbox: outboxRoutes,
  [VERSION_ENTITY]: versionRoutes,
};

/** The backend functions the local platform provides, by name; every other name is "not provided". */
const FUNCTIONS: Readonly<Record<string, SubApp>> = {
  [ENGAGEMENT_FUNCTION.tally]: engagementTallyRoute,
  [VERSION_CHANGES_FUNCTION]: versionChangesRoute,
  [QUESTION_FUNCTION.figures]: questionFigureRoutes,
};

/** The other groups, each at a prefix of its own that no other prefix begins with. */
const GROUPS: Readonly<Record<string, SubApp>> = {
  '/users': invitationRoutes,
  '/access-requests': accessDecisionRoutes,
  [AUDIT_CALL]: auditLogRoutes,
  [AGREEMENT_CALL]: agreementStatusRoutes,
  [PRESENTING_PREFIX]: presentingRoutes,
  [DECK_PDF_STATUS_CALL]: deckPdfStatusRoutes,
  [BACKUP_CALL]: backupRoutes,
  [READINESS_CALL]: readinessRoutes,
  [NEWS_CALL]: newsRoutes,
  [WEBHOOK_CALL]: webhookRoutes,
  '/agents/conversations': agentRoutes,
};

/**
 * Everything of /api/apps/{appId}/ but auth/*: the gate runs before any of it. Each sub-app is
 * mounted at its own prefix and writes its paths below it; where names share a prefix (entities,
 * functions) each name has its own mount and the generic one takes every other name, so no two
 * sub-apps answer one path and their order means nothing. Roles are checked by middleware on the
 * routes (adminOnly, serviceOnly).
 */
export function gatedApi(ctx: PlatformContext): Hono<AppEnv> {
  const gated = new Hono<AppEnv>();
  gated.use('*', appScope(ctx), admitted(ctx));
  for (const [prefix, routes] of Object.entries(GROUPS)) gated.route(prefix, routes(ctx));
  for (const [entity, routes] of Object.entries(OWN_ENTITY_ROUTES)) gated.route(`/entities/${entity}`, routes(ctx));
  gated.route('/entities', entityApi(ctx, Object.keys(OWN_ENTITY_ROUTES)));
  for (const [name, routes] of Object.entries(FUNCTIONS)) gated.route(`/functions/${name}`, routes(ctx));
  gated.route('/functions', functionsNotProvided(Object.keys(FUNCTIONS)));
  gated.route('/integration-endpoints', integrationsNotProvided());
  // What no sub-app answers: a route handler runs only when none before it answered, so this one,
  // and only this one, has its place: last.
  gated.all('*', (c) => {
    throw new HttpError(404, { detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' });
  });
  return gated;
}
