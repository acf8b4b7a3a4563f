import type { Base44Client } from '../../sdk/index.ts';
import { requester, statusLabel, type ConsultationRecord } from './requests.ts';
import { Nothing, RelativeTime } from '../TimeText.tsx';
import { useSectionMessages } from '../useSectionMessages.tsx';
import type { Records } from '../useRecords.ts';

interface ConsultationsSectionProps {
  client: Base44Client;
  consultations: Records<ConsultationRecord>;
  now: Date;
}

/** Consultation requests from the contact page, newest first, with "Mark handled". */
export function ConsultationsSection({ client, consultations, now }: ConsultationsSectionProps) {
  const { act, messages } = useSectionMessages();
  const handled = (request: ConsultationRecord) =>
    act(async () => {
      await client.entities.ConsultationRequest!.update(request.id, { status: 'handled' });
      await consultations.reload();
    }, `Marked the request from ${request.email ?? request.created_by ?? 'the viewer'} as handled.`);
  const list = consultations.records;
  return (
    <section className="admin-section" aria-labelledby="admin-consultations">
      <h2 id="admin-consultations">Consultation requests</h2>
      {messages(consultations.error)}
      {list === null ? (
        <p className="admin-empty">Loading consultation requests…</p>
      ) : list.length === 0 ? (
        <p className="admin-empty">No consultation requests yet.</p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-labelledby="admin-consultations-caption" tabIndex={0}>
          <table className="admin-table">
            <caption id="admin-consultations-caption">Consultation requests ({list.length})</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Preferred times</th>
                <th scope="col">Message</th>
                <th scope="col">Sent</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((request) => (
                <tr key={request.id} data-consultation={request.email ?? request.created_by}>
                  <th scope="row">{requester(request)}</th>
                  <td>{request.preferred_times || <Nothing />}</td>
                  <td>{request.message || <Nothing />}</td>
                  <td>
                    <RelativeTime iso={request.created_date} now={now} />
                  </td>
                  <td>{statusLabel(request.status ?? 'new')}</td>
                  <td>
                    {request.status === 'handled' ? (
                      <Nothing />
                    ) : (
                      <button type="button" className="admin-button" onClick={() => void handled(request)}>
                        Mark handled<span className="visually-hidden"> (from {request.email ?? request.created_by})</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
