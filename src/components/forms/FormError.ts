/**
 * Why a form's request failed, as the dialogs show it: next to `field` when the server named one of
 * the form's fields (a 400 `field: message`), else above the buttons. The app layer turns platform
 * errors into this, so components and the deck need no SDK type.
 */
export class FormError extends Error {
  override readonly name = 'FormError';
  constructor(
    message: string,
    /** The form field the message is about (`current_password`, `preferred_times`), if any. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Any failure as a FormError: one the app layer made, or a plain message. */
export function asFormError(error: unknown): FormError {
  if (error instanceof FormError) return error;
  return new FormError(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
}
