import type { ZodError } from 'zod';

/** The platform's error body: `{ detail, code?, extra_data? }` (platform-protocol.md, Errors). */
export interface ErrorBody {
  detail: string;
  code?: string;
  extra_data?: Record<string, unknown>;
}

/** A failure that the HTTP layer turns into `status` + the platform's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail);
    this.name = 'HttpError';
  }
}

/** 400 whose detail names the offending field, e.g. `limit: must be an integer from 1 to 5000`. */
export function badRequest(field: string, message: string): HttpError {
  return new HttpError(400, { detail: `${field}: ${message}`, code: 'invalid_input', extra_data: { field } });
}

/** 400 built from the first zod issue, with its path as the field name. */
export function fromZodError(error: ZodError, prefix = 'body'): HttpError {
  const issue = error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.join('.') : prefix;
  return badRequest(path, issue?.message ?? 'is invalid');
}

/** 403 of the visibility gate; the deck's app-start reducer reads `extra_data.reason` (spec section 4). */
export function gateError(reason: 'auth_required' | 'user_not_registered'): HttpError {
  const detail =
    reason === 'auth_required'
      ? 'You must be logged in to access this app'
      : 'You are not registered to use this application';
  return new HttpError(403, { detail, code: reason, extra_data: { reason } });
}

/** 401 for a missing, expired, revoked or foreign token. */
export function unauthorized(detail = 'Invalid or expired access token'): HttpError {
  return new HttpError(401, { detail, code: 'invalid_token' });
}

/** 403 for a signed-in caller who lacks the role an action needs. */
export function forbidden(detail: string): HttpError {
  return new HttpError(403, { detail, code: 'forbidden' });
}

/** 404 in the platform's shape. */
export function notFound(detail: string, code = 'not_found'): HttpError {
  return new HttpError(404, { detail, code });
}
