import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import './form.css';

type Common = {
  /** The control's id; its error line is `{id}-error`. */
  id: string;
  label: string;
  /** Shown under the control and tied to it (aria-describedby, aria-invalid). */
  error?: string | undefined;
  /** A short line under the label, such as "Optional". */
  hint?: string;
};
type FieldProps = Common &
  (({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>) | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>));

/** A labelled form control with its hint and its error next to it, announced with the control. */
export function FormField(props: FieldProps) {
  const { id, label, error, hint, multiline, ...control } = props;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const shared = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, className: 'form-field__control' };
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className="form-field__hint">
          {hint}
        </span>
      )}
      {multiline ? (
        <textarea rows={3} {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
      ) : (
        <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
