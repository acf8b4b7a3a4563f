import { useState } from 'react';
import type { ReadinessItem } from '../../../schemas/readinessWire.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { FormAlert, TextField } from '../AdminField.tsx';
import { useSectionMessages } from '../useSectionMessages.tsx';
import { useServerForm } from '../useServerForm.ts';
import { sendTestMail } from './readinessCalls.ts';
import type { ReadinessState } from './useReadiness.ts';
import './readiness.css';

/** The section's element id: the header's status and the start-up message point here. */
export const READY_SECTION_ID = 'admin-ready';

/** "Ready to share" or how far along: the console header's line and the section's. */
export function readinessLine(state: ReadinessState): string {
  const readiness = state.readiness;
  if (!readiness) return state.error ? 'Ready to share: could not be checked' : 'Checking what is left before sharing…';
  if (readiness.ready) return 'Ready to share';
  const done = readiness.items.filter((item) => item.done).length;
  return `Not ready to share yet: ${done} of ${readiness.items.length} done`;
}

/** The admin's own name, given here: partners read it in invitations and in "… is presenting". */
function NameForm({ client, onSaved }: { client: Base44Client; onSaved(): Promise<void> }) {
  const form = useServerForm({ full_name: '' }, async (values) => {
    await client.auth.updateMe({ full_name: values.full_name.trim() });
    await onSaved();
  });
  return (
    <form className="admin-form admin-form--inline ready-item__form" noValidate onSubmit={form.onSubmit} aria-label="Your name">
      <FormAlert message={form.formError} />
      <TextField label="Your name" autoComplete="name" required maxLength={200} placeholder="Ann Lee" binding={form.field('full_name')} />
      <div className="admin-form__actions">
        <button type="submit" className="admin-button admin-button--primary" aria-disabled={form.busy}>
          Save name
        </button>
      </div>
    </form>
  );
}

function ItemExtra({
  item,
  client,
  state,
  act,
}: {
  item: ReadinessItem;
  client: Base44Client;
  state: ReadinessState;
  act: ReturnType<typeof useSectionMessages>['act'];
}) {
  const [sending, setSending] = useState(false);
  if (item.id === 'name' && !item.done) return <NameForm client={client} onSaved={state.reload} />;
  if (item.id === 'test_mail') {
    const send = async () => {
      setSending(true);
      await act(async () => state.set(await sendTestMail(client)), 'Test mail sent: check your inbox.');
      setSending(false);
    };
    return (
      <button
        type="button"
        className={`admin-button${item.done ? '' : ' admin-button--primary'}`}
        aria-disabled={sending}
        onClick={() => !sending && void send()}
      >
        {item.done ? 'Send another test mail' : 'Send a test mail to yourself'}
      </button>
    );
  }
  if (item.id === 'sources' && item.list && item.list.length > 0) {
    return (
      <details className="ready-item__list">
        <summary>List the {item.list.length} figures</summary>
        <ul>
          {item.list.map((id) => (
            <li key={id}>
              <code>{id}</code>
            </li>
          ))}
        </ul>
      </details>
    );
  }
  return null;
}

/**
 * "Ready to share": what is left before the first invitation, each item saying how it stands and
 * what to do where. It reads "Ready to share" only when every item is done.
 */
export function ReadySection({ client, state }: { client: Base44Client; state: ReadinessState }) {
  const { act, messages } = useSectionMessages();
  const readiness = state.readiness;
  return (
    <section className="admin-section" aria-labelledby={READY_SECTION_ID}>
      <h2 id={READY_SECTION_ID} tabIndex={-1}>
        Ready to share
      </h2>
      <p className={`ready-verdict${readiness?.ready ? ' ready-verdict--ready' : ''}`} role="status">
        {readiness?.ready ? 'Ready to share: every item below is done.' : readinessLine(state)}
      </p>
      {messages(state.error)}
      {readiness ? (
        <ol className="ready-list">
          {readiness.items.map((item) => (
            <li key={item.id} className={`ready-item${item.done ? ' ready-item--done' : ''}`} data-ready-item={item.id} data-done={item.done}>
              <span className="ready-item__mark" aria-hidden="true">
                {item.done ? '✓' : ''}
              </span>
              <div className="ready-item__body">
                <h3 className="ready-item__title">
                  {item.title}
                  <span className="visually-hidden">{item.done ? ': done' : ': to do'}</span>
                </h3>
                <p className="ready-item__status">{item.status}</p>
                {item.todo ? <p className="ready-item__todo">{item.todo}</p> : null}
                <ItemExtra item={item} client={client} state={state} act={act} />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
