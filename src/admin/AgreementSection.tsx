import { useCallback, useEffect, useState } from 'react';
import type { AgreementAcceptance, AgreementStatus } from '../../schemas/agreementPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { AdminTable } from './AdminTable.tsx';
import { EmailText } from './EmailText.tsx';
import { fieldError } from './fieldError.ts';
import type { Person } from './people/people.ts';
import { Nothing, RelativeTime } from './TimeText.tsx';

/** Where one person stands with the agreement served: its acceptance, an earlier version's, or none. */
export function standing(person: Person, status: AgreementStatus): { accepted: AgreementAcceptance | null; earlier: AgreementAcceptance | null } {
  const own = status.acceptances.filter((one) => one.user_id === person.id);
  const accepted = own.find((one) => one.version === status.agreement?.version) ?? null;
  return { accepted, earlier: accepted ? null : (own[0] ?? null) };
}

/**
 * The confidentiality agreement (slides/agreement.md): the version the deck serves, and for each
 * viewer whether, when and from which address they accepted it. Read again as the console's clock
 * ticks, so a partner who accepts shows within a minute.
 */
export function AgreementSection({ client, people, now }: { client: Base44Client; people: readonly Person[] | null; now: Date }) {
  const [status, setStatus] = useState<AgreementStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setStatus(await client.access.agreementStatus());
      setError(null);
    } catch (failure) {
      setError(fieldError(failure).message);
    }
  }, [client]);
  // Read again each minute the console's clock ticks.
  useEffect(() => {
    if (now) void load();
  }, [load, now]);
  const viewers = (people ?? []).filter((person) => person.role !== 'admin');
  return (
    <section className="admin-section" aria-labelledby="admin-agreement">
      <h2 id="admin-agreement">Agreement</h2>
      <div role="alert" className="admin-alert">
        {error}
      </div>
      {status === null ? (
        !error && <p className="admin-empty">Loading the agreement…</p>
      ) : status.agreement === null ? (
        <p className="admin-section__lead">
          No confidentiality agreement: partners go straight to the cover. Write one in slides/agreement.md and rebuild to ask each partner to accept it first.
        </p>
      ) : (
        <>
          <p className="admin-section__lead">
            Partners accept “{status.agreement.title}” (version {status.agreement.version}) before the first page and the PDF, and again whenever its text
            changes. Admins are not asked.
          </p>
          <AdminTable id="admin-agreement-caption" caption={`Viewers and the agreement (${viewers.length})`} columns={['Person', 'This version', 'Address']}>
            {viewers.map((person) => {
              const { accepted, earlier } = standing(person, status);
              return (
                <tr key={person.id} data-agreement={person.email}>
                  <th scope="row">
                    <EmailText email={person.email} />
                  </th>
                  <td>
                    {accepted ? (
                      <>
                        Accepted <RelativeTime iso={accepted.accepted_at} now={now} />
                      </>
                    ) : earlier ? (
                      <>
                        Not yet; accepted version {earlier.version} <RelativeTime iso={earlier.accepted_at} now={now} />
                      </>
                    ) : (
                      'Not yet'
                    )}
                  </td>
                  <td>{(accepted ?? earlier)?.address ?? <Nothing />}</td>
                </tr>
              );
            })}
          </AdminTable>
        </>
      )}
    </section>
  );
}
