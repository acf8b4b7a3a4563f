import { type Context, Hono } from 'hono';
import { AGREEMENT_FORM_PATH, AGREEMENT_REASON, type AgreementStatus } from '../../../../schemas/agreementPaths.ts';
import { checkGate } from '../../identity/access.ts';
import { adminOnly, type AppEnv, identify } from '../../identity/admission.ts';
import { requireAgreement } from '../../identity/agreementAdmission.ts';
import { revokeToken, sha256 } from '../../identity/tokens.ts';
import { auditRequest, requestOrigin } from '../../records/auditLog.ts';
import { readBytes } from '../body.ts';
import { badRequest, forbidden, HttpError } from '../../core/errors.ts';
import type { PlatformContext } from '../platformContext.ts';
import { clearSessionCookie, sessionToken } from '../../identity/session.ts';
import { agreementPage, declinedPage, returnPath } from '../agreementPage.ts';
import { listAcceptances, recordAcceptance } from '../../agreement/agreementStore.ts';

// A partner's decision on the confidentiality agreement, posted by the agreement page's form with
// the session cookie (SameSite=Lax: no other site's form carries it), and the console's list of
// acceptances. Accepting is recorded with the time, the address and the version, and audited;
// declining is audited and signs the partner out.

function html(c: Context, page: { html: string; policy: string }): Response {
  return c.html(page.html, 200, { 'Cache-Control': 'no-store', 'Content-Security-Policy': page.policy });
}

/**
 * The agreement page for a request the admission refused only for want of the agreement (a signed-in
 * partner of the served deck who has not accepted the version it serves), or null for any other
 * request, which goes its usual way. `from` is where they were going.
 */
export async function agreementPageFor(ctx: PlatformContext, c: Context, from: string, notice?: string): Promise<Response | null> {
  const token = sessionToken(c);
  if (!ctx.agreement || !token) return null;
  const { app, caller } = await identify(ctx, ctx.deckAppId, token, { deadTokenIsAnonymous: true });
  if (caller.kind !== 'user') return null;
  try {
    checkGate(app, caller);
  } catch {
    return null;
  }
  try {
    await requireAgreement(ctx, app, caller);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError) || error.body.extra_data?.reason !== AGREEMENT_REASON) throw error;
  }
  c.header('Vary', 'Cookie', { append: true });
  return html(
    c,
    agreementPage(ctx.staticDir, { agreement: ctx.agreement, email: caller.user.email, company: ctx.deck.company, from: returnPath(from), notice }),
  );
}

// Only this site's own pages post here: a browser says where a form came from (Sec-Fetch-Site, else Origin).
function refuseOtherSites(c: Context): void {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const own = new URL(c.req.url).origin;
  if (site ? site !== 'same-origin' : origin !== undefined && origin !== own) throw forbidden('The agreement is answered from its own page only');
}

/** POST AGREEMENT_FORM_PATH: accept (then on to where the partner was going) or decline (signed out). */
export function agreementFormRoutes(ctx: PlatformContext): Hono {
  const routes = new Hono();
  routes.post(AGREEMENT_FORM_PATH, async (c) => {
    refuseOtherSites(c);
    const form = new URLSearchParams(new TextDecoder().decode(await readBytes(c, 4096)));
    const decision = form.get('decision');
    if (decision !== 'accept' && decision !== 'decline') throw badRequest('decision', 'must be accept or decline');
    const from = returnPath(form.get('from'));
    const token = sessionToken(c);
    const agreement = ctx.agreement;
    if (!token || !agreement) return c.redirect(from, 303);
    const { app, caller } = await identify(ctx, ctx.deckAppId, token);
    // Signed out meanwhile (another tab), or not let in at all: the gate's own answer, as a page.
    checkGate(app, caller);
    if (caller.kind !== 'user') return c.redirect(from, 303);
    if (form.get('version') !== agreement.version) {
      const again = await agreementPageFor(ctx, c, from, 'The agreement changed while you were reading it. Please read this version.');
      return again ?? c.redirect(from, 303);
    }
    const detail = { version: agreement.version, title: agreement.title };
    if (decision === 'accept') {
      if (await recordAcceptance(ctx.db, app.id, caller.user, agreement, requestOrigin(ctx, c))) {
        await auditRequest(ctx, c, { appId: app.id, action: 'agreement_accepted', actor: caller, target: caller.user.email, detail });
      }
      return c.redirect(from, 303);
    }
    await auditRequest(ctx, c, { appId: app.id, action: 'agreement_declined', actor: caller, target: caller.user.email, detail });
    await revokeToken(ctx.db, token);
    await ctx.broadcaster.standingChanged({ digest: sha256(token) });
    clearSessionCookie(c);
    return html(c, declinedPage(ctx.staticDir, { company: ctx.deck.company, title: agreement.title }));
  });
  return routes;
}

/** AGREEMENT_CALL (admins; mounted there): the agreement served and every acceptance. */
export function agreementStatusRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', adminOnly('read the agreement’s acceptances'), async (c) => {
    const status: AgreementStatus = {
      agreement: ctx.agreement && c.get('app').id === ctx.deckAppId ? { title: ctx.agreement.title, version: ctx.agreement.version } : null,
      acceptances: await listAcceptances(ctx.db, c.get('app').id),
    };
    return c.json(status, 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
