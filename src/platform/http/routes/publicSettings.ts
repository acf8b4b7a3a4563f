import { Hono } from 'hono';
import { bearerToken } from '../../identity/access.ts';
import { admitToken } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';

/** Below it, by id, each app's public settings. */
export const PUBLIC_SETTINGS_PATH = '/api/apps/public/prod/public-settings/by-id';

/** GET PUBLIC_SETTINGS_PATH/{appId} (mounted at PUBLIC_SETTINGS_PATH): the app's visibility, behind the gate. */
export function publicSettingsRoutes(ctx: PlatformContext): Hono {
  const settings = new Hono();
  settings.get('/:appId', async (c) => {
    // The deck's app start turns 403 auth_required into "go to login" and user_not_registered
    // into Access Restricted. A dead token counts as none here, so a stale token
    // in storage leads to the login page rather than to "Failed to load app".
    const who = await admitToken(ctx, c.req.param('appId'), bearerToken(c.req.header('authorization')), { deadTokenIsAnonymous: true });
    return c.json({ id: who.app.id, public_settings: who.app.visibility, created_date: who.app.created_date });
  });
  return settings;
}
