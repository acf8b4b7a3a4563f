import type { MiddlewareHandler } from 'hono';
import { bearerToken, checkGate, resolveCaller } from '../access.ts';
import { findApp } from '../apps.ts';
import { notFound } from '../errors.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';

// Sign-in calls must work for people who are not (yet) let in, and with a stale token still in
// the client's storage, so /auth/* routes check the caller themselves instead of the gate.
const UNGATED = /^\/api\/apps\/[^/]+\/auth\//;

/** Loads the app and the caller for every /api/apps/{appId}/… route, then applies the gate. */
export function appScope(ctx: PlatformContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const appId = c.req.param('appId') ?? '';
    const app = await findApp(ctx.db, appId);
    if (!app) throw notFound(`App ${appId} not found`, 'app_not_found');
    const caller = await resolveCaller(ctx.db, app, bearerToken(c.req.header('authorization')), ctx.serviceToken);
    c.set('app', app);
    c.set('caller', caller);
    if (!UNGATED.test(c.req.path)) checkGate(app, caller);
    await next();
  };
}
