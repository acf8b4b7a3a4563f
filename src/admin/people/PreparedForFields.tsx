import { useId } from 'react';
import { TextField } from '../AdminField.tsx';
import type { FieldBinding } from '../useServerForm.ts';

/** The platform names a Prepared-for error by its path in the body (`prepared_for.name`); the form's boxes are `name` and `company`. */
export const PREPARED_FOR_FIELDS = { 'prepared_for.name': 'name', 'prepared_for.company': 'company', prepared_for: 'name' } as const;

/** The "Prepared for" name and company as one group: what the person's cover shows. */
export function PreparedForFields({ name, company, legend }: { name: FieldBinding; company: FieldBinding; legend: string }) {
  const hintId = useId();
  return (
    <fieldset className="admin-fieldset" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className="admin-field__hint">
        Shown on their cover instead of the deck-wide partner; empty, the cover shows the partner.
      </p>
      <div className="admin-form__grid admin-form__grid--pair">
        <TextField label="Name" autoComplete="off" binding={name} />
        <TextField label="Company" autoComplete="off" binding={company} />
      </div>
    </fieldset>
  );
}
