import { useEffect, useRef, useState } from 'react';
import { asFormError } from './FormError.ts';

/** Where a form's request stands, and its messages: per field, or for the whole form. */
export interface FormRequestState {
  status: 'idle' | 'sending' | 'done';
  errors: Readonly<Record<string, string>>;
  general: string | null;
}

const IDLE: FormRequestState = { status: 'idle', errors: {}, general: null };

/**
 * Runs a dialog form's request: the form's own checks first, then `send`; a FormError naming one of
 * `fields` (field → its label) lands next to that field, read with its label ("Current password is
 * incorrect"), anything else above the buttons. After a failure focus moves to
 * the first field in error (or the form's message), after success to the element marked
 * `data-form-result`, so a keyboard or screen-reader user hears what happened.
 */
export function useFormRequest(fields: Readonly<Record<string, string>>) {
  const [state, setState] = useState<FormRequestState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  // The dialog around the form, kept: the success message replaces the form, so it is gone by then.
  const scope = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (form.current) scope.current = form.current.closest('dialog') ?? form.current;
    const root = scope.current;
    if (!root) return;
    const target =
      state.status === 'done'
        ? root.querySelector<HTMLElement>('[data-form-result]')
        : root.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-general]');
    target?.focus();
  }, [state]);

  async function submit(check: () => Record<string, string>, send: () => Promise<void>): Promise<void> {
    if (state.status === 'sending') return;
    const errors = check();
    if (Object.keys(errors).length > 0) {
      setState({ status: 'idle', errors, general: null });
      return;
    }
    setState({ status: 'sending', errors: {}, general: null });
    try {
      await send();
      setState({ status: 'done', errors: {}, general: null });
    } catch (error) {
      const failure = asFormError(error);
      const label = failure.field !== undefined ? fields[failure.field] : undefined;
      setState(
        failure.field && label
          ? { status: 'idle', errors: { [failure.field]: sentence(label, failure.message) }, general: null }
          : { status: 'idle', errors: {}, general: failure.field ? `${failure.field}: ${failure.message}` : failure.message },
      );
    }
  }

  return { ...state, form, submit };
}

// The server says "is incorrect" or "must be at least 12 characters" about a field: read it after the label.
function sentence(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}
