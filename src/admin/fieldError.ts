/** A failed call as the console shows it: the form field it names (if any) and the words for it. */
export interface FieldError {
  field: string | null;
  message: string;
}

const FIELD_DETAIL = /^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*): (.+)$/is;

/**
 * The platform answers bad input with a 400 whose detail reads `field: message` (and names the field
 * in `extra_data.field`); anything else is a message for the whole form. Duck-typed on the client's
 * Base44Error (status, message, data), so the console's chunk does not pull in the client's classes.
 */
export function fieldError(error: unknown): FieldError {
  const failure = (error ?? {}) as { status?: number; message?: unknown; data?: unknown };
  const data = (failure.data ?? {}) as { detail?: unknown; extra_data?: { field?: unknown } };
  const detail = typeof data.detail === 'string' ? data.detail : typeof failure.message === 'string' ? failure.message : '';
  if (failure.status === undefined && detail === 'Network Error') {
    return { field: null, message: 'The platform could not be reached. Check the connection and try again.' };
  }
  if (failure.status === 400) {
    const named = typeof data.extra_data?.field === 'string' ? data.extra_data.field : null;
    const match = FIELD_DETAIL.exec(detail);
    if (match && (!named || named === match[1])) return { field: match[1]!, message: match[2]! };
    if (named) return { field: named, message: detail };
  }
  if (failure.status === 401 || failure.status === 403) {
    return { field: null, message: detail || 'You are no longer allowed to do this. Sign in again as an admin.' };
  }
  return { field: null, message: detail || 'Something went wrong. Try again.' };
}

/**
 * Which of a form's fields shows an error: the named one, or its closest parent the form has
 * (`prepared_for.name` → `prepared_for.name`, else `prepared_for`); null puts it at the form's top.
 */
export function formFieldFor(field: string | null, formFields: readonly string[]): string | null {
  for (let name = field; name; name = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : null) {
    if (formFields.includes(name)) return name;
  }
  return null;
}
