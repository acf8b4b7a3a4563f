import { useEffect, useId, useState } from 'react';
import { deckOptionsOf, ENGAGEMENT_ENTITY, type DeckOptions } from '../../schemas/engagementPaths.ts';
import { fetchPdfStatus } from '../deck/pdfStatus.ts';
import type { Base44Client } from '../sdk/index.ts';
import { NewsMailSwitch } from './NewsMailSwitch.tsx';
import { useRecords } from './useRecords.ts';
import { useSectionMessages } from './useSectionMessages.tsx';

/** The stored DeckOptions record. */
type OptionsRecord = Partial<DeckOptions> & { id: string; created_date?: string };

/** Each switch: its words, and what the status line says once it is saved on or off. */
export const SWITCHES: ReadonlyArray<{ key: keyof DeckOptions; label: string; hint: string; on: string; off: string }> = [
  {
    key: 'recording',
    label: 'Record engagement',
    hint: 'Time per slide for each viewer, shown under Engagement. Viewers are told once that their viewing is recorded.',
    on: 'Engagement is recorded from now on.',
    off: 'Engagement is no longer recorded; what was recorded stays.',
  },
  {
    key: 'watermark',
    label: 'Watermark slides',
    hint: 'Every slide carries a faint mark with the viewer’s email and the date.',
    on: 'Slides now carry each viewer’s watermark.',
    off: 'Slides no longer carry a watermark.',
  },
  {
    key: 'downloads',
    label: 'Offer the PDF',
    hint: 'Viewers get a “Download PDF” control; each copy is stamped with their email and the date.',
    on: 'Viewers can now download the stamped PDF.',
    off: 'The PDF is no longer offered, and its address refuses.',
  },
];

/**
 * The deck's switches (DeckOptions), saved as each is flipped: the record is created on the first
 * save and updated after. Open decks follow them without a rebuild or reload.
 */
export function SettingsSection({ client }: { client: Base44Client }) {
  const handler = client.entities[ENGAGEMENT_ENTITY.options]!;
  // Live: another admin's change shows here too.
  const stored = useRecords<OptionsRecord>(handler, true);
  const { act, messages } = useSectionMessages();
  const [saving, setSaving] = useState<keyof DeckOptions | null>(null);
  const id = useId();
  // Newest first: the record every deck reads.
  const record = stored.records?.[0] ?? null;
  const options = deckOptionsOf(record);
  const pdfMissing = usePdfMissing(client, options.downloads);

  const flip = async (key: keyof DeckOptions, value: boolean) => {
    const words = SWITCHES.find((candidate) => candidate.key === key)!;
    setSaving(key);
    await act(
      async () => {
        if (record) await handler.update(record.id, { [key]: value });
        else await handler.create({ ...options, [key]: value });
        await stored.reload();
      },
      value ? words.on : words.off,
    );
    setSaving(null);
  };

  return (
    <section className="admin-section" aria-labelledby="admin-settings">
      <h2 id="admin-settings" tabIndex={-1}>
        Settings
      </h2>
      <p className="admin-section__lead">Each switch is saved as you flip it and reaches open decks at once, without a rebuild.</p>
      {messages(stored.error)}
      {stored.records === null ? (
        <p className="admin-empty">Loading settings…</p>
      ) : (
        <ul className="settings-list">
          {SWITCHES.map(({ key, label, hint }) => (
            <li key={key} className="settings-switch">
              <input
                id={`${id}-${key}`}
                type="checkbox"
                role="switch"
                aria-checked={options[key]}
                className="settings-switch__control"
                checked={options[key]}
                aria-describedby={`${id}-${key}-hint`}
                aria-busy={saving === key ? true : undefined}
                // Not disabled while saving: a disabled control drops keyboard focus.
                aria-disabled={saving !== null ? true : undefined}
                onChange={(event) => {
                  if (saving === null) void flip(key, event.currentTarget.checked);
                }}
              />
              <label htmlFor={`${id}-${key}`} className="settings-switch__label">
                {label}
              </label>
              <p id={`${id}-${key}-hint`} className="settings-switch__hint">
                {hint}
              </p>
              {key === 'downloads' && pdfMissing ? (
                <p className="settings-switch__warning" role="status">
                  No PDF has been exported yet, so viewers are not offered one. <code>npm start</code> exports it in the background after each new build, or run{' '}
                  <code>npm run export</code> on the server; viewers see “Download PDF” once it is there.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <NewsMailSwitch client={client} />
    </section>
  );
}

/**
 * True while the PDF is offered but the platform has no export to stamp: viewers then
 * get no "Download PDF", and the admin who switched it on is told why and what to run.
 */
function usePdfMissing(client: Base44Client, offered: boolean): boolean {
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setMissing(false);
    if (!offered) return undefined;
    let live = true;
    fetchPdfStatus({ ...client.getConfig(), token: client.getToken() }).then(
      (status) => live && setMissing(!status.exported),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, offered]);
  return missing;
}
