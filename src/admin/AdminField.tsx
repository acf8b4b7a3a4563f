import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FieldBinding } from './useServerForm.ts';

interface FieldFrameProps {
  label: string;
  hint?: string | undefined;
  binding: FieldBinding;
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

// The label, the control, an optional hint below it (so the boxes of a row line up) and the
// platform's message for this field, tied to the control by aria-describedby so focusing the field
// after a failed submit reads the message.
function FieldFrame({ label, hint, binding, control }: FieldFrameProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, binding.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`admin-field${binding.error ? ' admin-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control({ id, ...(binding.error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {binding.error ? (
        <p id={`${id}-error`} className="admin-field__error">
          {binding.error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input bound to a console form. */
export function TextField({ label, hint, binding, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; binding: FieldBinding }) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      binding={binding}
      control={(aria) => <input {...input} {...aria} name={binding.name} value={binding.value} onChange={binding.onChange} ref={binding.inputRef} />}
    />
  );
}

/** A labelled select bound to a console form. */
export function SelectField({
  label,
  hint,
  binding,
  options,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  binding: FieldBinding;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      binding={binding}
      control={(aria) => (
        <select {...select} {...aria} name={binding.name} value={binding.value} onChange={binding.onChange} ref={binding.inputRef}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The form-level alert: a failure that names no field of the form. Always rendered, so it is announced when it fills. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className="admin-alert">
      {message}
    </div>
  );
}
