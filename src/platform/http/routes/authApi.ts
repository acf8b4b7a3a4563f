import { Hono } from 'hono';
import { HttpError } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { requestAccessRoutes } from './accessRequests.ts';
import { appScope } from './appScope.ts';
import { clientGate } from './clientGate.ts';
import { endedStatusRoutes } from './endedStatus.ts';
import { inviteAcceptanceRoutes } from './inviteAcceptance.ts';
import { registrationRoutes } from './registration.ts';
import { signInRoutes } from './signIn.ts';

/**
 * /api/apps/{appId}/auth/*: sign-in calls, which must work for people who are not (yet) let in
 * and with a stale token still in storage, so they check the caller themselves, without the gate.
 * Each sub-app below writes its paths relative to /auth.
 */
export function authApi(ctx: PlatformContext): Hono<AppEnv> {
  const auth = new Hono<AppEnv>();
  // clientGate first: a flood from one client address is refused before appScope's queries.
  auth.use('*', clientGate(ctx), appScope(ctx));
  auth.route('/', signInRoutes(ctx));
  auth.route('/', registrationRoutes(ctx));
  auth.route('/', requestAccessRoutes(ctx));
  auth.route('/', inviteAcceptanceRoutes(ctx));
  auth.route('/', endedStatusRoutes(ctx));
  // Every /auth/* path ends here, so the gated group mounted after this one never sees it.
  auth.all('*', (c) => {
    throw new HttpError(404, { detail: `No route ${c.req.method} ${c.req.path}`, code: 'not_found' });
  });
  return auth;
}
