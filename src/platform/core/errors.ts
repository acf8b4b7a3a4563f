import type { ZodError } from 'zod';
import { ACCESS_ENDED_REASON } from '../../../schemas/accessWire.ts';
import { AGREEMENT_REASON } from '../../../schemas/agreementPaths.ts';

/** The platform's error body: `{ detail, code?, extra_data? }` (the hosting platform's shape, which its published client parses). */
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

/** 400 built from the first zod issue, with its path (or the unknown key) as the field name. */
export function fromZodError(error: ZodError, prefix = 'body'): HttpError {
  const issue = error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.join('.') : prefix;
  // A strict schema's unknown key is named as the field itself, so the 400 points at it.
  if (issue?.code === 'unrecognized_keys' && issue.keys[0] !== undefined) {
    return badRequest(issue.path.length > 0 ? `${path}.${issue.keys[0]}` : issue.keys[0], 'is not a known field');
  }
  return badRequest(path, issue?.message ?? 'is invalid');
}

/** The reasons of the visibility gate's 403 (`extra_data.reason`). */
export type GateReason = 'auth_required' | 'user_not_registered' | typeof ACCESS_ENDED_REASON | typeof AGREEMENT_REASON;

const GATE_DETAIL: Record<GateReason, string> = {
  auth_required: 'You must be logged in to access this app',
  user_not_registered: 'You are not registered to use this application',
  [ACCESS_ENDED_REASON]: "Your access to this deck has ended. Ask the deck's owners to invite you again.",
  [AGREEMENT_REASON]: "Accept the deck's confidentiality agreement first: reload the page to read it.",
};

/** 403 of the visibility gate; the deck's app-start reducer reads `extra_data.reason`. */
export function gateError(reason: GateReason): HttpError {
  return new HttpError(403, { detail: GATE_DETAIL[reason], code: reason, extra_data: { reason } });
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
