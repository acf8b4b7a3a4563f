import { createMiddleware } from 'hono/factory';
import { bearerToken, checkGate, resolveCaller } from '../access.ts';
import { findApp } from '../apps.ts';
import { notFound } from '../errors.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';
import { noteSeen } from '../lastSeen.ts';

/** Loads the app of /api/apps/{appId}/… and the caller into `app` and `caller`; 404 for an unknown app. */
export function appScope(ctx: PlatformContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const appId = c.req.param('appId') ?? '';
    const app = await findApp(ctx.db, appId);
    if (!app) throw notFound(`App ${appId} not found`, 'app_not_found');
    const caller = await resolveCaller(ctx.db, app, bearerToken(c.req.header('authorization')), ctx.serviceToken, ctx.log);
    c.set('app', app);
    c.set('caller', caller);
    await next();
  });
}

/**
 * The gate (spec section 4): 403 auth_required, access_ended or user_not_registered unless the
 * caller may see the app; a caller let in is noted as seen (lastSeen.ts).
 */
export function gate(ctx: PlatformContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    checkGate(c.get('app'), c.get('caller'));
    await noteSeen(ctx.db, c.get('caller'));
    await next();
  });
}
