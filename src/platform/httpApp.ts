import { Hono } from 'hono';
import { HttpError } from './errors.ts';
import type { AppEnv, PlatformContext } from './httpTypes.ts';
import { registerAgentRoutes } from './routes/agents.ts';
import { appScope } from './routes/appScope.ts';
import { registerEntityRoutes } from './routes/entities.ts';
import { registerNotProvidedRoutes, registerWhatsAppNotProvided } from './routes/notProvided.ts';
import { registerOutboxRoutes } from './routes/outbox.ts';
import { registerPublicSettings } from './routes/publicSettings.ts';
import { registerRegistrationRoutes } from './routes/registration.ts';
import { registerSignInRoutes } from './routes/signIn.ts';
import { registerUserRoutes } from './routes/users.ts';
import { registerStaticDeck } from './staticDeck.ts';

/** The whole HTTP surface: public settings, the app API below /api/apps/{appId}, then the deck. */
export function createHttpApp(ctx: PlatformContext): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // Reset links carry their token in the address; keep it out of Referer headers.
    c.header('Referrer-Policy', 'same-origin');
  });

  registerPublicSettings(app, ctx);

  const api = new Hono<AppEnv>();
  api.use('*', appScope(ctx));
  registerSignInRoutes(api, ctx);
  registerRegistrationRoutes(api, ctx);
  registerUserRoutes(api, ctx);
  registerOutboxRoutes(api, ctx);
  registerAgentRoutes(api, ctx);
  registerNotProvidedRoutes(api);
  registerEntityRoutes(api, ctx);
  api.all('*', (c) => {
    throw new HttpError(404, { detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' });
  });
  app.route('/api/apps/:appId', api);

  registerWhatsAppNotProvided(app);
  registerStaticDeck(app, ctx);

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body, error.status as 400);
    }
    // Postgres "data exception" (22xxx, e.g. a NUL character jsonb refuses) and "program limit"
    // (54xxx, e.g. nesting too deep) come from what the caller sent: bad input, not a server fault.
    const sqlState = (error as { code?: unknown }).code;
    if (typeof sqlState === 'string' && /^(22|54)/.test(sqlState)) {
      return c.json({ detail: `body: ${error.message}`, code: 'invalid_input', extra_data: { field: 'body' } }, 400);
    }
    ctx.log(`[platform] ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ detail: 'Internal server error', code: 'internal_error' }, 500);
  });
  app.notFound((c) => c.json({ detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404));
  return app;
}
