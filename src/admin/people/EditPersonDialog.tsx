import { useState } from 'react';
import { accessPatch, personValues, type PersonValues } from './accessForms.ts';
import { FormAlert, SelectField, TextField } from '../AdminField.tsx';
import { ModalDialog } from '../../components/forms/ModalDialog.tsx';
import { PREPARED_FOR_FIELDS, PreparedForFields } from './PreparedForFields.tsx';
import { roleOptions, type Person } from './people.ts';
import { useServerForm } from '../useServerForm.ts';

interface EditPersonDialogProps {
  person: Person;
  onCancel(): void;
  /** Saves the changed fields; a rejection keeps the dialog open with the message at its field. */
  onSave(patch: ReturnType<typeof accessPatch>): Promise<void>;
}

/** Name, role, expiry and "Prepared for" of one person, in a modal dialog. */
export function EditPersonDialog({ person, onCancel, onSave }: EditPersonDialogProps) {
  const [before] = useState(() => personValues(person));
  const form = useServerForm<PersonValues>(
    before,
    async (values) => {
      const patch = accessPatch(before, values);
      if (Object.keys(patch).length === 0) onCancel();
      else await onSave(patch);
    },
    PREPARED_FOR_FIELDS,
  );
  return (
    <ModalDialog title={`Edit ${person.email}`} onClose={onCancel}>
      <form className="admin-form modal__body" noValidate onSubmit={form.onSubmit}>
        <FormAlert message={form.formError} />
        <TextField label="Full name" autoComplete="off" binding={form.field('full_name')} />
        <SelectField label="Role" binding={form.field('role')} options={roleOptions(person.role)} />
        <TextField label="Access until" type="date" hint="Empty: access does not expire." binding={form.field('expires_at')} />
        <PreparedForFields name={form.field('name')} company={form.field('company')} legend="Prepared for" />
        <div className="modal__actions">
          <button type="button" className="admin-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="admin-button admin-button--primary">
            Save changes
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
