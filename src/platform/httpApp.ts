import { Hono } from 'hono';
import { HttpError } from './errors.ts';
import type { AppEnv, PlatformContext } from './httpTypes.ts';
import { registerAgentRoutes } from './routes/agents.ts';
import { appScope } from './routes/appScope.ts';
import { clientGate } from './routes/clientGate.ts';
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
  // Before appScope's queries: a flood from one client address is refused without any work.
  api.use('/auth/*', clientGate(ctx));
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
    // Postgres "data exception" (22xxx) and "program limit" (54xxx) come from what the caller sent:
    // bad input, not a server fault. The routes check what they can and name the field; anything
    // that still reaches the database gets a generic answer, never the database's own words
    // (they describe the schema, and name the wrong field).
    const sqlState = (error as { code?: unknown }).code;
    if (typeof sqlState === 'string' && /^(22|54)/.test(sqlState)) {
      ctx.log(`[platform] ${c.req.method} ${c.req.path} refused by the database (${sqlState}): ${error.message}`);
      const field = c.req.header('content-length') || c.req.header('transfer-encoding') ? 'body' : 'query';
      return c.json({ detail: `${field}: is not acceptable`, code: 'invalid_input', extra_data: { field } }, 400);
    }
    ctx.log(`[platform] ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ detail: 'Internal server error', code: 'internal_error' }, 500);
  });
  app.notFound((c) => c.json({ detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404));
  return app;
}
