import { ACCESS_ENTITY } from '../../../schemas/accessPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { FormAlert, SelectField, TextField } from '../AdminField.tsx';
import { roleLabel, ROLE_OPTIONS } from './people.ts';
import { RelativeTime } from '../TimeText.tsx';
import { useRecords } from '../useRecords.ts';
import { useSectionMessages } from '../useSectionMessages.tsx';
import { useServerForm } from '../useServerForm.ts';

/** An AccessDomain record. */
interface DomainRecord {
  id: string;
  domain: string;
  role?: string;
  created_date?: string;
}

const EMPTY = { domain: '', role: 'user' };

/** Allowed domains: anyone who proves a mailbox at one may join; add and remove rules. */
export function DomainsSection({ client, now }: { client: Base44Client; now: Date }) {
  const domains = client.entities[ACCESS_ENTITY.domain]!;
  const rules = useRecords<DomainRecord>(domains);
  const { act, say, messages } = useSectionMessages();
  const form = useServerForm(EMPTY, async (values) => {
    say('');
    const created = (await domains.create({ domain: values.domain.trim(), role: values.role })) as DomainRecord;
    form.setValues(EMPTY);
    say(`Anyone with an address at ${created.domain} may now join.`);
    await rules.reload();
  });
  const remove = (rule: DomainRecord) =>
    act(async () => {
      await domains.delete(rule.id);
      await rules.reload();
    }, `Removed ${rule.domain}. People who already joined keep their access.`);
  return (
    <section className="admin-section" aria-labelledby="admin-domains">
      <h2 id="admin-domains">Allowed domains</h2>
      <p className="admin-section__lead">Anyone who proves a mailbox at an allowed domain may join without an invitation.</p>
      <form className="admin-form admin-form--inline" noValidate onSubmit={form.onSubmit}>
        <FormAlert message={form.formError} />
        <div className="admin-form__grid admin-form__grid--domain">
          <TextField
            label="Domain"
            placeholder="@lender.example"
            autoComplete="off"
            hint="Starts with @, such as @lender.example."
            binding={form.field('domain')}
          />
          <SelectField label="Role for people who join" binding={form.field('role')} options={ROLE_OPTIONS} />
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            Allow domain
          </button>
        </div>
      </form>
      {messages(rules.error)}
      {rules.records === null ? (
        <p className="admin-empty">Loading domains…</p>
      ) : rules.records.length === 0 ? (
        <p className="admin-empty">No domains are allowed: only invited people may join.</p>
      ) : (
        <ul className="admin-list" aria-label="Allowed domains">
          {rules.records.map((rule) => (
            <li key={rule.id} className="admin-list__item">
              <span className="admin-list__main">{rule.domain}</span>
              <span className="admin-list__meta">
                {roleLabel(rule.role)} · added <RelativeTime iso={rule.created_date} now={now} />
              </span>
              <button type="button" className="admin-button" onClick={() => void remove(rule)}>
                Remove<span className="visually-hidden"> {rule.domain}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
