import { useCallback, useEffect, useState } from 'react';
import type { DeliveryStatus, WebhookState } from '../../schemas/newsPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { FormAlert, TextField } from './AdminField.tsx';
import { AdminTable } from './AdminTable.tsx';
import { fetchWebhook, removeWebhook, saveWebhook } from './newsCalls.ts';
import { Nothing, RelativeTime } from './TimeText.tsx';
import { useSectionMessages } from './useSectionMessages.tsx';
import { useServerForm } from './useServerForm.ts';

const STATUS_WORDS: Readonly<Record<DeliveryStatus, string>> = { pending: 'Waiting to retry', delivered: 'Delivered', failed: 'Given up' };

/**
 * The deck's webhook: the address the owners' news is POSTed to, signed with a secret shown once
 * when it is made, and the latest deliveries with their attempts. Admins only, like the console.
 */
export function WebhookSection({ client, now }: { client: Base44Client; now: Date }) {
  const [state, setState] = useState<WebhookState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const { act, say, messages } = useSectionMessages();
  const reload = useCallback(
    () =>
      fetchWebhook(client).then(
        (next) => {
          setLoadError(null);
          setState(next);
        },
        (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
      ),
    [client],
  );
  useEffect(() => void reload(), [reload]);
  const form = useServerForm({ url: '' }, async (values) => {
    say('');
    const saved = await saveWebhook(client, values.url, false);
    setSecret(saved.secret ?? null);
    setState(saved);
    form.setValues({ url: '' });
    say(saved.secret ? 'Webhook set. Copy its secret now: it is not shown again.' : 'Webhook address changed; its secret stays the same.');
  });
  const newSecret = () =>
    act(async () => {
      if (!state?.url) return;
      const saved = await saveWebhook(client, state.url, true);
      setSecret(saved.secret ?? null);
      setState(saved);
    }, 'New secret made. Copy it now: the old one no longer signs deliveries.');
  const remove = () =>
    act(async () => {
      setSecret(null);
      setState(await removeWebhook(client));
    }, 'Webhook removed. Deliveries still waiting are given up.');

  return (
    <section className="admin-section" aria-labelledby="admin-webhook">
      <h2 id="admin-webhook">Webhook</h2>
      <p className="admin-section__lead">
        The same news the owners are mailed (a first open, a finished visit, a question), POSTed as JSON to an address of yours, such as a Slack or CRM
        connector; each delivery is signed, and a failed one is tried again after 1, 5, 30, 120 and 720 minutes.
      </p>
      {messages(loadError)}
      {state === null ? (
        loadError ? null : (
          <p className="admin-empty">Loading the webhook…</p>
        )
      ) : (
        <>
          <p className="webhook-current">
            {state.url ? (
              <>
                Deliveries go to <code>{state.url}</code>
                {state.set_by ? `, set by ${state.set_by}` : ''} <RelativeTime iso={state.set_at} now={now} />.
              </>
            ) : (
              'No webhook is set: the news goes by mail only.'
            )}
          </p>
          {secret ? (
            <p className="webhook-secret" role="status">
              Signing secret (shown once): <code>{secret}</code>
            </p>
          ) : null}
          <form className="admin-form admin-form--inline" noValidate onSubmit={form.onSubmit}>
            <FormAlert message={form.formError} />
            <div className="admin-form__grid">
              <TextField
                label={state.url ? 'New address' : 'Address'}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://hooks.example.com/deck"
                hint="https only (http is accepted only to this machine, for testing)."
                binding={form.field('url')}
              />
            </div>
            <div className="admin-form__actions">
              <button type="submit" className="admin-button admin-button--primary" aria-disabled={form.busy}>
                {state.url ? 'Change address' : 'Set webhook'}
              </button>
              {state.url ? (
                <>
                  <button type="button" className="admin-button" onClick={() => void newSecret()}>
                    New secret
                  </button>
                  <button type="button" className="admin-button" onClick={() => void remove()}>
                    Remove webhook
                  </button>
                </>
              ) : null}
            </div>
          </form>
          {state.deliveries.length === 0 ? (
            <p className="admin-empty">No deliveries yet.</p>
          ) : (
            <AdminTable
              id="webhook-deliveries"
              caption="Latest deliveries, newest first"
              columns={['Event', 'When', 'Status', { label: 'Attempts', number: true }]}
            >
              {state.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row">
                    <code>{delivery.event}</code>
                  </th>
                  <td>
                    <RelativeTime iso={delivery.at} now={now} />
                  </td>
                  <td>
                    {STATUS_WORDS[delivery.status]}
                    {delivery.last_error ? <span className="webhook-error"> ({delivery.last_error})</span> : null}
                  </td>
                  <td className="admin-table__number">{delivery.attempts || <Nothing label="none yet" />}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          <p>
            <button type="button" className="admin-button" onClick={() => void act(reload, 'Deliveries brought up to date.')}>
              Refresh deliveries
            </button>
          </p>
        </>
      )}
    </section>
  );
}
