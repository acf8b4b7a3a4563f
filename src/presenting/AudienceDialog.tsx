import { useEffect, useId, useState } from 'react';
import { ModalDialog } from '../components/forms/ModalDialog.tsx';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';
import type { Base44Client } from '../sdk/index.ts';
import { type AudienceOption, audienceOptions, nobodyPartner } from './audienceChoice.ts';

/** What the presenter is about to start: present mode on this screen, or followers on theirs. */
export type PresentingStart = 'present' | 'follow';

const ACTION: Record<PresentingStart, string> = { present: 'Present', follow: 'Start presenting' };

/**
 * "Who is this presentation for?": every person with a Prepared-for, or nobody in particular. The
 * choice puts that partner's name on the presenter's own screen as the partner's deck shows it.
 */
export function AudienceDialog({
  client,
  start,
  served,
  chosen,
  onChoose,
  onClose,
}: {
  client: Base44Client;
  start: PresentingStart;
  /** The partner the admin's page was served with (the deck-wide one, or a sample). */
  served: ViewerPartner | null;
  /** The last choice in this tab (its person's id), preselected. */
  chosen: string | null;
  onChoose: (choice: { id: string | null; partner: ViewerPartner }) => void;
  onClose: () => void;
}) {
  const [options, setOptions] = useState<AudienceOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<string>(chosen ?? 'nobody');
  const name = useId();
  useEffect(() => {
    let live = true;
    client.entities.User!.list().then(
      (users) => live && setOptions(audienceOptions(users as { id: string; email: string }[])),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client]);
  const nobody = nobodyPartner(served);
  const submit = () => {
    const option = options?.find((o) => o.id === picked);
    onChoose(option ? { id: option.id, partner: option.partner } : { id: null, partner: nobody });
  };
  return (
    <ModalDialog title="Who is this presentation for?" className="audience-dialog" onClose={onClose}>
      <form
        className="modal__body"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="modal__intro">Your screen shows their name and company as their own deck does. Followers keep their own.</p>
        <fieldset className="audience-dialog__choices">
          <legend className="visually-hidden">Prepared for</legend>
          {options === null && !failed && <p>Loading the people…</p>}
          {failed && <p role="alert">The people could not be loaded; you can still present to nobody in particular.</p>}
          {options?.map((option) => (
            <label key={option.id} className="audience-dialog__choice">
              <input type="radio" name={name} value={option.id} checked={picked === option.id} onChange={() => setPicked(option.id)} />
              <span>
                {option.partner.line} <span className="audience-dialog__email">{option.email}</span>
              </span>
            </label>
          ))}
          <label className="audience-dialog__choice">
            <input type="radio" name={name} value="nobody" checked={picked === 'nobody'} onChange={() => setPicked('nobody')} />
            <span>
              Nobody in particular{' '}
              <span className="audience-dialog__email">{nobody.line ? `(the deck's partner, ${nobody.line})` : '(no Prepared-for line)'}</span>
            </span>
          </label>
        </fieldset>
        <div className="modal__actions">
          <button type="submit" className="button button--primary">
            {ACTION[start]}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
