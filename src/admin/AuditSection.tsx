import { useCallback, useEffect, useRef, useState } from 'react';
import { type AuditEntry, auditRoom } from '../../schemas/auditPaths.ts';
import type { AuditLogQuery, Base44Client } from '../sdk/index.ts';
import { FormAlert, SelectField, TextField } from './AdminField.tsx';
import { AUDIT_ACTION_OPTIONS, auditActionLabel, auditDetailText } from './auditText.ts';
import { fieldError } from './fieldError.ts';
import { Nothing, RelativeTime } from './TimeText.tsx';
import { useServerForm } from './useServerForm.ts';
import { downloadText } from './engagement/viewsCsv.ts';

const EMPTY: Required<Pick<AuditLogQuery, 'person' | 'action' | 'since'>> = { person: '', action: '', since: '' };
// The console shows the newest entries; the CSV has up to the API's limit.
const SHOWN = 500;

/** Whether a new entry belongs in the list as filtered (person: actor or target, any case; action; since that day). */
export function matchesFilters(entry: AuditEntry, query: AuditLogQuery): boolean {
  const person = query.person?.trim().toLowerCase();
  if (person && entry.actor?.toLowerCase() !== person && entry.target?.toLowerCase() !== person) return false;
  if (query.action && entry.action !== query.action) return false;
  return !query.since || entry.at >= new Date(`${query.since}T00:00:00.000Z`).toISOString();
}

/**
 * The audit log: who had access, who did what, when, newest first, filtered by person,
 * action and date, and downloadable as CSV. Nothing here can change an entry: the platform has no
 * call that would.
 */
export function AuditSection({ client, now }: { client: Base44Client; now: Date }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [shownFor, setShownFor] = useState<AuditLogQuery>({});
  // The filters of the list on screen, for entries that arrive on the socket.
  const shownRef = useRef(shownFor);
  shownRef.current = shownFor;
  const [csvError, setCsvError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(
    async (query: AuditLogQuery) => {
      const found = await client.access.auditLog({ ...query, limit: String(SHOWN) });
      setEntries(found);
      setShownFor(query);
    },
    [client],
  );
  const form = useServerForm(EMPTY, (values) => load({ person: values.person.trim(), action: values.action, since: values.since }));
  useEffect(() => {
    load({}).catch((failure: unknown) => setLoadError(fieldError(failure).message));
  }, [load]);
  // Each new entry arrives on the admins' audit room as it is written: shown at once when it matches
  // the filters, without reading the log again.
  useEffect(
    () =>
      client.realtime.subscribe(auditRoom(client.getConfig().appId), {
        onUpdate: (data) => {
          const entry = (data as { entry?: AuditEntry } | null)?.entry;
          if (!entry?.id) return;
          if (!matchesFilters(entry, shownRef.current)) return;
          setEntries((current) => (current && !current.some((each) => each.id === entry.id) ? [entry, ...current].slice(0, SHOWN) : current));
        },
      }),
    [client],
  );
  const downloadCsv = async () => {
    setCsvError(null);
    try {
      downloadText(await client.access.auditLogCsv({ ...shownFor, limit: '5000' }), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (failure) {
      setCsvError(fieldError(failure).message);
    }
  };
  const filtered = Boolean(shownFor.person || shownFor.action || shownFor.since);
  return (
    <section className="admin-section" aria-labelledby="admin-audit">
      <h2 id="admin-audit">Audit log</h2>
      <p className="admin-section__lead">
        Every sign-in, invitation, change of access and setting, decision and download, newest first. No one can change or delete an entry.
      </p>
      <form className="admin-form admin-form--inline" noValidate onSubmit={form.onSubmit} aria-label="Filter the audit log">
        <FormAlert message={form.formError} />
        <div className="admin-form__grid admin-form__grid--audit">
          <TextField
            label="Person"
            type="email"
            autoComplete="off"
            placeholder="name@lender.example"
            hint="Who acted, or whom it was about."
            binding={form.field('person')}
          />
          <SelectField label="Action" binding={form.field('action')} options={AUDIT_ACTION_OPTIONS} />
          <TextField label="Since" type="date" hint="From the start of that day (UTC)." binding={form.field('since')} />
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary" aria-disabled={form.busy}>
            Show entries
          </button>
          <button type="button" className="admin-button" onClick={() => void downloadCsv()}>
            Download CSV<span className="visually-hidden"> of the audit log{filtered ? ' as filtered' : ''}</span>
          </button>
        </div>
      </form>
      {csvError ? (
        <p className="admin-alert" role="alert">
          The CSV did not download: {csvError}
        </p>
      ) : null}
      {loadError ? (
        <p className="admin-alert" role="alert">
          The audit log did not load: {loadError}
        </p>
      ) : null}
      {entries === null ? (
        loadError ? null : (
          <p className="admin-empty">Loading the audit log…</p>
        )
      ) : entries.length === 0 ? (
        <p className="admin-empty" role="status">
          {filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        </p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-labelledby="admin-audit-caption" tabIndex={0}>
          <table className="admin-table admin-table--audit">
            <caption id="admin-audit-caption" aria-live="polite">
              {entries.length === SHOWN ? `The newest ${SHOWN} entries` : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`}
              {filtered ? ' matching the filters' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">About</th>
                <th scope="col">Address</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-audit-action={entry.action}>
                  <td>
                    <RelativeTime iso={entry.at} now={now} />
                  </td>
                  <th scope="row">{entry.actor === 'service' ? 'Service token' : (entry.actor ?? <Nothing />)}</th>
                  <td>{auditActionLabel(entry.action)}</td>
                  <td>{entry.target ?? <Nothing />}</td>
                  <td>{entry.address ?? <Nothing />}</td>
                  <td>{auditDetailText(entry.detail, entry.action) || <Nothing />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
