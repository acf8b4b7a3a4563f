import type { Base44Client } from '../../sdk/index.ts';
import { requester, splitRequests, statusLabel, type AccessRequestRecord } from './requests.ts';
import { Nothing, RelativeTime } from '../TimeText.tsx';
import { useSectionMessages } from '../useSectionMessages.tsx';
import type { Records } from '../useRecords.ts';
import { AdminTable } from '../AdminTable.tsx';

interface AccessRequestsSectionProps {
  client: Base44Client;
  requests: Records<AccessRequestRecord>;
  /** Approving admits someone: the people list changes too. */
  onDecided(): void;
  now: Date;
}

/** Access requests: pending ones with Approve and Decline first, decided ones below. */
export function AccessRequestsSection({ client, requests, onDecided, now }: AccessRequestsSectionProps) {
  const { act, messages } = useSectionMessages();
  const decide = (request: AccessRequestRecord, decision: 'approve' | 'decline') =>
    act(
      async () => {
        await client.access.decideRequest(request.id, decision);
        await requests.reload();
        onDecided();
      },
      decision === 'approve' ? `Approved ${request.email}: they are told by email and may sign in now.` : `Declined ${request.email}; they are told by email.`,
    );
  const { pending, decided } = splitRequests(requests.records ?? []);
  return (
    <section className="admin-section" aria-labelledby="admin-requests">
      <h2 id="admin-requests">Access requests</h2>
      {messages(requests.error)}
      {requests.records === null ? (
        <p className="admin-empty">Loading requests…</p>
      ) : (
        <>
          <h3 className="admin-subheading">Waiting for a decision ({pending.length})</h3>
          {pending.length === 0 ? (
            <p className="admin-empty">No requests are waiting.</p>
          ) : (
            <ul className="admin-cards" aria-label="Requests waiting for a decision">
              {pending.map((request) => (
                <li key={request.id} className="admin-card" data-request={request.email}>
                  <p className="admin-card__who">{requester(request)}</p>
                  <p className="admin-card__when">
                    Asked <RelativeTime iso={request.created_date} now={now} />
                  </p>
                  {request.message ? <p className="admin-card__message">{request.message}</p> : null}
                  <div className="admin-actions">
                    <button type="button" className="admin-button admin-button--primary" onClick={() => void decide(request, 'approve')}>
                      Approve<span className="visually-hidden"> {request.email}</span>
                    </button>
                    <button type="button" className="admin-button" onClick={() => void decide(request, 'decline')}>
                      Decline<span className="visually-hidden"> {request.email}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {decided.length > 0 ? (
            <AdminTable
              id="admin-decided-caption"
              caption={`Decided requests (${decided.length})`}
              columns={['From', 'Message', 'Asked', 'Decision', 'Decided']}
            >
              {decided.map((request) => (
                <tr key={request.id}>
                  <th scope="row">{requester(request)}</th>
                  <td>{request.message || <Nothing />}</td>
                  <td>
                    <RelativeTime iso={request.created_date} now={now} />
                  </td>
                  <td>{statusLabel(request.status)}</td>
                  <td>
                    <RelativeTime iso={request.decided_at} now={now} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          ) : null}
        </>
      )}
    </section>
  );
}
