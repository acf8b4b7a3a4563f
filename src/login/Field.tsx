import { forwardRef, useId, type InputHTMLAttributes } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string };

/** A labelled input; `error` is tied to it with aria-describedby and aria-invalid; `ref` reaches the input. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, ...input }, ref) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="login-hint">
          {hint}
        </p>
      ) : null}
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={`${id}-error`} className="login-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
