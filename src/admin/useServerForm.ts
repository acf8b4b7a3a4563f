import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldError, formFieldFor } from './fieldError.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What one field of a form needs: its value, its change handler, its error and a ref for focus. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | null;
  onChange(event: ChangeEvent<Control>): void;
  inputRef(element: Control | null): void;
}

/**
 * A console form whose rules live on the platform: the values as strings, and on failure the 400's
 * `field: message` shown at that field (focus moves there) or at the form's top when the form has no
 * such field. Nothing is reset on failure; `submit` decides what a success does.
 * `fieldNames` maps the platform's field names (`prepared_for.name`) to the form's own.
 */
export function useServerForm<V extends Record<string, string>>(
  initial: V,
  submit: (values: V) => Promise<void>,
  fieldNames: Readonly<Record<string, keyof V & string>> = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const controls = useRef(new Map<string, Control>());
  const known = [...Object.keys(initial), ...Object.keys(fieldNames)];

  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: values[name] ?? '',
    error: errors[name] ?? null,
    onChange: (event) => setValues((current) => ({ ...current, [name]: event.target.value })),
    inputRef: (element) => {
      if (element) controls.current.set(name, element);
      else controls.current.delete(name);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFormError(null);
    submit(values).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        const { field: named, message } = fieldError(failure);
        const place = formFieldFor(named, known);
        const name = place ? (fieldNames[place] ?? place) : null;
        if (name) {
          setErrors({ [name]: message } as Partial<Record<keyof V, string>>);
          controls.current.get(name)?.focus();
        } else {
          setFormError(named ? `${named}: ${message}` : message);
        }
      },
    );
  };

  /** Moves focus to a field, e.g. after the form was filled in for the admin. */
  const focus = (name: keyof V & string) => controls.current.get(name)?.focus();

  return { values, setValues, field, focus, onSubmit, busy, formError };
}
