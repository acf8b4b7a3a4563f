import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { tooManyAttempts } from '../../identity/signInLimits.ts';

/**
 * Runs before anything else of a POST /auth/* call (before the app and caller are looked up): a
 * client address with CLIENT_MAX_IN_FLIGHT such calls running, or in its failure back-off, is
 * refused on the spot. A one-client flood so costs no database query and no hashing beyond its
 * slot, and others' sign-ins keep their speed. Logout is not limited.
 */
export function clientGate(ctx: PlatformContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || c.req.path.endsWith('/auth/logout')) return next();
    const address = ctx.clientAddress(c);
    const throttle = ctx.signInLimits.perAddress;
    // The in-flight cap first: a one-client flood is refused without touching the database.
    if (throttle.inFlightFull(address)) throw tooManyAttempts(1);
    throttle.enter(address);
    try {
      const wait = await throttle.backoffSeconds(address);
      if (wait > 0) throw tooManyAttempts(wait);
    } catch (error) {
      throttle.leave(address);
      throw error;
    }
    try {
      await next();
    } finally {
      throttle.leave(address);
    }
  };
}
