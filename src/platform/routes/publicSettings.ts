import type { Hono } from 'hono';
import { bearerToken, checkGate, resolveCaller } from '../access.ts';
import { findApp } from '../apps.ts';
import { notFound } from '../errors.ts';
import type { PlatformContext } from '../httpTypes.ts';

/** GET /api/apps/public/prod/public-settings/by-id/{appId}: the app's visibility, behind the gate. */
export function registerPublicSettings(app: Hono, ctx: PlatformContext): void {
  app.get('/api/apps/public/prod/public-settings/by-id/:appId', async (c) => {
    const row = await findApp(ctx.db, c.req.param('appId'));
    if (!row) throw notFound(`App ${c.req.param('appId')} not found`, 'app_not_found');
    const caller = await resolveCaller(ctx.db, row, bearerToken(c.req.header('authorization')), ctx.serviceToken, ctx.log);
    // The deck's app start turns 403 auth_required into "go to login" and user_not_registered
    // into Access Restricted (spec section 4). A dead token counts as none here, so a stale token
    // in storage leads to the login page rather than to "Failed to load app".
    checkGate(row, caller.kind === 'invalid' ? { kind: 'anonymous' } : caller);
    return c.json({ id: row.id, public_settings: row.visibility, created_date: row.created_date });
  });
}
