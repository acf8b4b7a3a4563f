import { useEffect, useRef, useState } from 'react';
import type { Readiness } from '../../../schemas/readinessWire.ts';
import { InviteBeforeReadyDialog } from '../readiness/InviteBeforeReadyDialog.tsx';
import type { Base44Client } from '../../sdk/index.ts';
import { EMPTY_INVITE, inviteBody, inviteValuesFor, type InviteValues } from './accessForms.ts';
import { FormAlert, SelectField, TextField } from '../AdminField.tsx';
import { PREPARED_FOR_FIELDS, PreparedForFields } from './PreparedForFields.tsx';
import { ROLE_OPTIONS, type Person } from './people.ts';
import { useServerForm } from '../useServerForm.ts';

interface InviteSectionProps {
  client: Base44Client;
  onInvited(): void;
  /** The "Ready to share" list: while it is not ready, the first invitation asks once what the partner will see. */
  readiness?: Readiness | null;
  /** Someone to invite again, chosen in the people list: the form is filled in for them and focused. */
  again?: { person: Person } | null;
}

/** Invite by email with a role, an optional expiry and an optional "Prepared for". */
export function InviteSection({ client, onInvited, again, readiness }: InviteSectionProps) {
  const [status, setStatus] = useState('');
  // The question before inviting while not ready: open with the address, answered once per visit.
  const [asking, setAsking] = useState<{ email: string; answer(invite: boolean): void } | null>(null);
  const confirmed = useRef(false);
  const askFirst = (email: string) =>
    new Promise<boolean>((answer) => {
      setAsking({ email, answer });
    });
  const form = useServerForm<InviteValues>(
    EMPTY_INVITE,
    async (values) => {
      setStatus('');
      if (readiness && !readiness.ready && !confirmed.current) {
        const invite = await askFirst(values.user_email.trim());
        setAsking(null);
        if (!invite) {
          setStatus('Nothing was sent.');
          return;
        }
        confirmed.current = true;
      }
      const result = await client.access.invite(inviteBody(values));
      form.setValues(EMPTY_INVITE);
      setStatus(`Invitation sent to ${result.email}.`);
      onInvited();
    },
    PREPARED_FOR_FIELDS,
  );
  // Only a new choice fills the form (and moves focus there); the form's own functions change every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new choice only; the form's functions are new each render
  useEffect(() => {
    if (!again) return;
    form.setValues(inviteValuesFor(again.person));
    setStatus('');
    form.focus('user_email');
  }, [again]);
  return (
    <section className="admin-section" aria-labelledby="admin-invite">
      <h2 id="admin-invite">Invite someone</h2>
      <p className="admin-section__lead">They get one email with a link that lets them choose a password and sign in.</p>
      <form className="admin-form" noValidate onSubmit={form.onSubmit}>
        <FormAlert message={form.formError} />
        <div className="admin-form__grid admin-form__grid--invite">
          <TextField label="Email" type="email" autoComplete="off" required binding={form.field('user_email')} />
          <SelectField label="Role" binding={form.field('role')} options={ROLE_OPTIONS} />
          <TextField label="Access until (optional)" type="date" hint="Access ends after this day (UTC)." binding={form.field('expires_at')} />
        </div>
        <PreparedForFields name={form.field('name')} company={form.field('company')} legend="Prepared for (optional)" />
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            Send invitation
          </button>
          <p role="status" className="admin-status">
            {status}
          </p>
        </div>
      </form>
      {asking && readiness ? (
        <InviteBeforeReadyDialog email={asking.email} readiness={readiness} onInvite={() => asking.answer(true)} onCancel={() => asking.answer(false)} />
      ) : null}
    </section>
  );
}
