import { FormError, asFormError } from './FormError.ts';

/** What a platform call's failure carries (the SDK's Base44Error), read without importing the SDK. */
interface PlatformFailure extends Error {
  status?: number;
  data?: unknown;
}

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

// Recognised by its name, not `instanceof`: the SDK loads lazily, with the platform session, and the
// components' layer does not import it.
function isPlatformError(error: unknown): error is PlatformFailure {
  return error instanceof Error && error.name === 'Base44Error';
}
