import { FormError, asFormError } from '../components/forms/FormError.ts';
import type { Base44Error } from '../sdk/index.ts';

/**
 * A platform call's failure as the viewer's dialogs show it: a 400 `field: message` (errors.ts
 * badRequest) goes next to that field, with the field's last path segment (`data.preferred_times`
 * names `preferred_times`); no answer at all says so; anything else shows the server's detail.
 */
export function formErrorOf(error: unknown): FormError {
  if (!isPlatformError(error)) return asFormError(error);
  if (error.status === undefined) return new FormError('The server could not be reached. Check your connection and try again.');
  const body = (error.data ?? {}) as { detail?: unknown; extra_data?: { field?: unknown } };
  const field = typeof body.extra_data?.field === 'string' ? body.extra_data.field : undefined;
  const detail = typeof body.detail === 'string' ? body.detail : error.message;
  if (error.status === 400 && field) {
    const message = detail.startsWith(`${field}: `) ? detail.slice(field.length + 2) : detail;
    return new FormError(message, field.split('.').pop());
  }
  return new FormError(detail);
}

// Recognised by its name, not `instanceof`: importing the SDK's class here would put the whole SDK
// in the first visit's main chunk (the SDK loads lazily, with the platform session).
function isPlatformError(error: unknown): error is Base44Error {
  return error instanceof Error && error.name === 'Base44Error';
}
