import { memo, useRef, useState } from 'react';
import type { Base44Client } from '../../sdk/index.ts';
import { EditPersonDialog } from './EditPersonDialog.tsx';
import { EmailText } from '../EmailText.tsx';
import { inviteAgainLabel, mayResend, mayRevoke, personState, preparedForText, roleLabel, type Person } from './people.ts';
import { RevokeDialog } from './RevokeDialog.tsx';
import { ExpiryDay, Nothing, RelativeTime } from '../TimeText.tsx';
import type { Records } from '../useRecords.ts';
import { useSectionMessages } from '../useSectionMessages.tsx';
import { useStagedRows } from '../engagement/useStagedRows.ts';
import { VIEW_AS_PARAM } from '../../../schemas/viewAs.ts';
import { DECK_PDF_PATH } from '../../../schemas/engagementPaths.ts';

interface PeopleSectionProps {
  client: Base44Client;
  people: Records<Person>;
  /** The admin using the console, who may not revoke themself. */
  selfId: string | undefined;
  /** Fills the invite form for a revoked, expired or uninvited person. */
  onInviteAgain(person: Person): void;
  now: Date;
}

type Open = { kind: 'edit' | 'revoke'; person: Person } | null;

/** The table's columns; on a phone each cell shows its column's name beside its value (admin.css). */
const COLUMNS = ['Person', 'Role', 'State', 'Invited', 'Last seen', 'Access until', 'Prepared for', 'Actions'] as const;

/** Everyone with a record: their state, dates and "Prepared for", with resend, edit and revoke. Memoised: a row per person. */
export const PeopleSection = memo(function PeopleSection({ client, people, selfId, onInviteAgain, now }: PeopleSectionProps) {
  const { act: run, say, messages } = useSectionMessages();
  const [open, setOpen] = useState<Open>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Every action changes someone's row: the list is read again after it.
  const act = (action: () => Promise<unknown>, done: string) =>
    run(async () => {
      await action();
      await people.reload();
    }, done);

  const list = people.records;
  const drawn = useStagedRows(list?.length ?? 0);
  return (
    <section className="admin-section" aria-labelledby="admin-people">
      <h2 id="admin-people" ref={heading} tabIndex={-1}>
        People
      </h2>
      {messages(people.error)}
      {list === null ? (
        <p className="admin-empty">Loading people…</p>
      ) : (
        // On a phone each row is a card (admin.css); the roles keep it a table for screen readers, since
        // a table drawn with other display values loses its semantics in some browsers.
        <div className="admin-table-wrap admin-table-wrap--people" role="region" aria-labelledby="admin-people-caption" tabIndex={0}>
          <table className="admin-table people-table" role="table">
            <caption id="admin-people-caption">People with a record ({list.length})</caption>
            <thead role="rowgroup">
              <tr role="row">
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" role="columnheader">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {list.slice(0, drawn).map((person) => {
                const { state, label } = personState(person, now);
                const again = inviteAgainLabel(person, now);
                return (
                  <tr key={person.id} data-person={person.email} role="row">
                    <th scope="row" role="rowheader">
                      <span className="admin-table__person">
                        <EmailText email={person.email} />
                        {person.full_name ? <span className="admin-table__name">{person.full_name}</span> : null}
                      </span>
                    </th>
                    <td role="cell" data-label="Role">
                      {roleLabel(person.role)}
                    </td>
                    <td role="cell" data-label="State">
                      <span className={`admin-state admin-state--${state}`}>{label}</span>
                    </td>
                    <td role="cell" data-label="Invited">
                      <RelativeTime iso={person.invited_at} now={now} />
                    </td>
                    <td role="cell" data-label="Last seen">
                      <RelativeTime iso={person.last_seen_at} now={now} />
                    </td>
                    <td role="cell" data-label="Access until">
                      <ExpiryDay iso={person.expires_at} />
                    </td>
                    <td role="cell" data-label="Prepared for">
                      {preparedForText(person.prepared_for) || <Nothing />}
                    </td>
                    <td role="cell" data-label="Actions">
                      <div className="admin-actions">
                        {mayResend(person, now) ? (
                          <button
                            type="button"
                            className="admin-button admin-button--small"
                            onClick={() => void act(() => client.access.resendInvite(person.id), `A fresh invitation was sent to ${person.email}.`)}
                          >
                            Resend invitation<span className="visually-hidden"> to {person.email}</span>
                          </button>
                        ) : null}
                        {again ? (
                          <button type="button" className="admin-button admin-button--small" onClick={() => onInviteAgain(person)}>
                            {again}
                            <span className="visually-hidden"> {person.email}</span>
                          </button>
                        ) : null}
                        <button type="button" className="admin-button admin-button--small" onClick={() => setOpen({ kind: 'edit', person })}>
                          Edit<span className="visually-hidden"> {person.email}</span>
                        </button>
                        {/* The deck as this person sees it (their partner's names and PDF); an admin's visit records no engagement. */}
                        <a
                          className="admin-button admin-button--small"
                          href={`/?${VIEW_AS_PARAM}=${encodeURIComponent(person.id)}`}
                          target="_blank"
                          rel="noopener"
                        >
                          View as<span className="visually-hidden"> {person.email} (opens in a new tab)</span>
                        </a>
                        <a className="admin-button admin-button--small" href={`${DECK_PDF_PATH}?${VIEW_AS_PARAM}=${encodeURIComponent(person.id)}`}>
                          Their PDF<span className="visually-hidden"> ({person.email}, stamped with your address)</span>
                        </a>
                        {mayRevoke(person, selfId) ? (
                          <button
                            type="button"
                            className="admin-button admin-button--small admin-button--danger"
                            onClick={() => setOpen({ kind: 'revoke', person })}
                          >
                            Revoke<span className="visually-hidden"> access for {person.email}</span>
                          </button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {open?.kind === 'revoke' ? (
        <RevokeDialog
          person={open.person}
          onCancel={() => setOpen(null)}
          fallbackFocus={() => heading.current}
          onConfirm={async () => {
            await client.access.revoke(open.person.id);
            // The list first, so the dialog closes onto a row without a Revoke button and sends focus to the heading.
            await people.reload();
            setOpen(null);
            say(`${open.person.email} no longer has access; their open sessions have ended.`);
          }}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <EditPersonDialog
          person={open.person}
          onCancel={() => setOpen(null)}
          onSave={async (patch) => {
            await client.entities.User!.update(open.person.id, patch);
            setOpen(null);
            say(`Saved the changes for ${open.person.email}.`);
            await people.reload();
          }}
        />
      ) : null}
    </section>
  );
});
