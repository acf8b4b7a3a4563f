import { createMiddleware } from 'hono/factory';
import { bearerToken } from '../../identity/access.ts';
import { type AppEnv, identify } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';

/** Loads the app of /api/apps/{appId}/… and the caller into `app` and `caller`; 404 for an unknown app. */
export function appScope(ctx: PlatformContext) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { app, caller } = await identify(ctx, c.req.param('appId') ?? '', bearerToken(c.req.header('authorization')));
    c.set('app', app);
    c.set('caller', caller);
    await next();
  });
}
