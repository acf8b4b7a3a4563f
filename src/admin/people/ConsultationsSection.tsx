import type { Base44Client } from '../../sdk/index.ts';
import { requester, statusLabel, type ConsultationRecord } from './requests.ts';
import { Nothing, RelativeTime } from '../TimeText.tsx';
import { useSectionMessages } from '../useSectionMessages.tsx';
import type { Records } from '../useRecords.ts';
import { AdminTable } from '../AdminTable.tsx';

interface ConsultationsSectionProps {
  client: Base44Client;
  consultations: Records<ConsultationRecord>;
  now: Date;
}

/** Consultation requests from the contact page, newest first, with "Mark handled". */
export function ConsultationsSection({ client, consultations, now }: ConsultationsSectionProps) {
  const { act, messages } = useSectionMessages();
  const handled = (request: ConsultationRecord) =>
    act(
      async () => {
        await client.entities.ConsultationRequest!.update(request.id, { status: 'handled' });
        await consultations.reload();
      },
      `Marked the request from ${request.email ?? request.created_by ?? 'the viewer'} as handled.`,
    );
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
        <AdminTable
          id="admin-consultations-caption"
          caption={`Consultation requests (${list.length})`}
          columns={['From', 'Preferred times', 'Message', 'Sent', 'Status', 'Actions']}
        >
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
        </AdminTable>
      )}
    </section>
  );
}
