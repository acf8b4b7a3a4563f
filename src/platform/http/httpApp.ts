import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorPage, wantsPage } from './errorPage.ts';
import { HttpError } from '../core/errors.ts';
import type { PlatformContext } from './platformContext.ts';
import { authApi } from './routes/authApi.ts';
import { gatedApi } from './routes/gatedApi.ts';
import { CSP_REPORT_PATH, policyOnEveryPage } from './contentSecurityPolicy.ts';
import { cspReportRoutes } from './routes/cspReports.ts';
import { HEALTH_PATH, healthRoutes } from './routes/health.ts';
import { WHATSAPP_PATH, whatsAppNotProvided } from './routes/notProvided.ts';
import { PUBLIC_SETTINGS_PATH, publicSettingsRoutes } from './routes/publicSettings.ts';
import { closeWhileStopping } from './shutdown.ts';
import { staticDeckRoutes } from './staticDeck.ts';
import { agreementFormRoutes } from './routes/agreementRoutes.ts';

/**
 * The whole HTTP surface: /healthz, public settings, the app API below /api/apps/{appId}, then the
 * deck; `stopping` turns /healthz to 503 once shutdown has begun.
 */
export function createHttpApp(ctx: PlatformContext, stopping: () => boolean = () => false): Hono {
  const app = new Hono();

  // Only the two headers the platform always sent; every other default of secureHeaders is off:
  // X-Frame-Options and Cross-Origin-*-Policy would stop the deck being embedded in its parent
  // frame (the spec's URL reporting), and HSTS means nothing on a plain-http local server. The
  // sign-in page's frame-ancestors rule stays in staticDeck.ts.
  app.use(
    secureHeaders({
      xContentTypeOptions: true,
      // Reset links carry their token in the address; keep it out of Referer headers.
      referrerPolicy: 'same-origin',
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      strictTransportSecurity: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      removePoweredBy: false,
    }),
  );
  // No hono/body-limit here: it leaves the connection open after its 413 and has had bypass
  // advisories; body.ts readBytes counts every byte each route reads instead.

  app.use(policyOnEveryPage(ctx.frameAncestors));
  app.use(closeWhileStopping(stopping));

  // Each group below is a sub-app without its own onError or notFound: what it throws reaches the
  // answers at the end of this function. Order matters: a path goes to the first route that answers.
  // Health first, before the deck's catch-all route, which would otherwise answer /healthz as a missing page.
  app.route(HEALTH_PATH, healthRoutes(ctx, stopping));
  // Before the gated group, whose appScope would otherwise take `public` for an app id.
  app.route(PUBLIC_SETTINGS_PATH, publicSettingsRoutes(ctx));
  app.route(CSP_REPORT_PATH, cspReportRoutes(ctx));
  // The auth group first: it answers every /auth/* path, so the gated group's gate never runs for one.
  app.route('/api/apps/:appId/auth', authApi(ctx));
  app.route('/api/apps/:appId', gatedApi(ctx));
  app.route(WHATSAPP_PATH, whatsAppNotProvided());
  // A partner's answer to the confidentiality agreement, posted by its page (a page of the deck's, not the API).
  app.route('/', agreementFormRoutes(ctx));
  // Last: it answers every GET.
  app.route('/', staticDeckRoutes(ctx));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      // A browser navigating here (the PDF's address, a mailed link) gets a page, never JSON.
      if (wantsPage(c)) return errorPage(c, ctx.staticDir, error.status, error.body);
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
    const body = { detail: 'Internal server error', code: 'internal_error' };
    return wantsPage(c) ? errorPage(c, ctx.staticDir, 500, body) : c.json(body, 500);
  });
  app.notFound((c) => {
    const body = { detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' };
    return wantsPage(c) ? errorPage(c, ctx.staticDir, 404, body) : c.json(body, 404);
  });
  return app;
}
