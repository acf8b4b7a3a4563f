import { isAdmin, type Caller } from '../identity/access.ts';
import { AttemptLimiter, waitText } from '../identity/attemptLimiter.ts';
import type { EntityRule } from './entityAccess.ts';
import { HttpError } from '../core/errors.ts';
import type { LimitEvents } from '../identity/limitEvents.ts';

// The rates of the access table (entityAccess.ts), enforced: each viewer's writes of an entity are
// counted in the database (limit_events), checked and taken in one locked transaction before the
// records are written, so parallel requests on one process or several never get past a rate.

function windowText(ms: number): string {
  const hours = ms / 3_600_000;
  return hours >= 1 && Number.isInteger(hours) ? `${hours} h` : `${Math.round(ms / 60_000)} min`;
}

/** Counts the writes of viewers against their entity's rate. */
export class WriteRates {
  private readonly limiters = new Map<string, AttemptLimiter>();

  constructor(private readonly events: LimitEvents) {}

  /**
   * Takes `count` writes of `entity` for `caller` (`address` stands for a caller with no account,
   * on a deck without sign-in), or throws 429 with Retry-After and the time in its words. Admins
   * and the service role are not counted; an entity whose rule has no rate takes no viewer writes.
   */
  async reserve(appId: string, entity: string, rule: EntityRule, caller: Caller, address: string, count: number): Promise<void> {
    if (isAdmin(caller) || count <= 0) return;
    const rate = rule.rate;
    if (!rate) throw new HttpError(403, { detail: `You may not write ${entity} records`, code: 'forbidden' });
    const key = `${appId}:${entity}:${caller.kind === 'user' ? caller.user.id : `address ${address}`}`;
    const limiterKey = `${rate.max}:${rate.windowMs}`;
    let limiter = this.limiters.get(limiterKey);
    if (!limiter) this.limiters.set(limiterKey, (limiter = new AttemptLimiter(this.events, 'write', rate.max, rate.windowMs)));
    const wait = await limiter.reserve(key, count);
    if (wait === 0) return;
    const limit = `at most ${rate.max} ${rate.what} per ${windowText(rate.windowMs)}`;
    const detail = count > rate.max ? `${entity}: ${limit}; send fewer at once` : `${entity}: ${limit} for each person; try again in ${waitText(wait)}`;
    throw new HttpError(429, { detail, code: 'rate_limited', extra_data: { retry_after: wait } }, { 'Retry-After': String(wait) });
  }
}
