import { HttpError } from '../core/errors.ts';
import { AttemptLimiter, waitText } from './attemptLimiter.ts';
import type { LimitEvents } from './limitEvents.ts';
import { normalizeEmail } from './users.ts';

// Mail anyone can make the platform send by asking for it: a registration code, a reset link. Each
// address gets at most MAIL_REQUESTS_PER_WINDOW of a kind per MAIL_REQUEST_WINDOW_MS, whether or not
// it has an account (so a 429 reveals nothing either), or the deck's mail becomes a way to flood an inbox.

/** Mails of one kind one address can be sent by asking, per window. */
export const MAIL_REQUESTS_PER_WINDOW = 5;
/** The sliding window those mails are counted in: 15 minutes. */
export const MAIL_REQUEST_WINDOW_MS = 15 * 60 * 1000;

/** What a mail request is for. */
export type MailRequestKind = 'otp' | 'reset';

/** The limiter of asked-for mail, counting in the database every process shares. */
export function mailRequestLimiter(events: LimitEvents): AttemptLimiter {
  // Stryker disable next-line StringLiteral: the name keeps this limiter's rows apart from the other limiters', each of which has a name of its own, so an empty one collides with none.
  return new AttemptLimiter(events, 'mail', MAIL_REQUESTS_PER_WINDOW, MAIL_REQUEST_WINDOW_MS);
}

/** Takes a place for one more `kind` mail to `email`, or throws the 429 that says how long to wait (and Retry-After). */
export async function reserveMailRequest(limiter: AttemptLimiter, appId: string, kind: MailRequestKind, email: string): Promise<void> {
  // Reserved in the same step as the check, so a parallel burst cannot send more than the limit.
  const wait = await limiter.reserve(`${appId}:${kind}:${normalizeEmail(email)}`);
  if (wait > 0) {
    throw new HttpError(
      429,
      { detail: `Too many requests for this email; try again in ${waitText(wait)}`, code: 'too_many_attempts' },
      { 'Retry-After': String(wait) },
    );
  }
}
