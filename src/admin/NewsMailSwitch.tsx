import { useEffect, useId, useState } from 'react';
import type { Base44Client } from '../sdk/index.ts';
import { fetchNewsSettings, saveNewsSettings } from './newsCalls.ts';
import { useSectionMessages } from './useSectionMessages.tsx';

/**
 * The signed-in admin's own switch for the owners' mail: told when a partner first opens the deck,
 * finishes a visit and asks a question. Each admin chooses for themself; saved as it is flipped.
 */
export function NewsMailSwitch({ client }: { client: Base44Client }) {
  const [mail, setMail] = useState<boolean | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { act, messages } = useSectionMessages();
  const id = useId();

  useEffect(() => {
    let live = true;
    fetchNewsSettings(client).then(
      (settings) => live && setMail(settings.mail),
      (error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [client]);

  const flip = async (value: boolean) => {
    setSaving(true);
    await act(
      async () => setMail((await saveNewsSettings(client, { mail: value })).mail),
      value ? 'You are mailed when partners read the deck and ask.' : 'You are no longer mailed when partners read the deck.',
    );
    setSaving(false);
  };

  return (
    <div className="settings-own" aria-labelledby={`${id}-heading`} role="group">
      <h3 id={`${id}-heading`} className="settings-own__heading">
        Your mail
      </h3>
      {messages(loadError)}
      {mail === null ? (
        loadError ? null : (
          <p className="admin-empty">Loading your mail setting…</p>
        )
      ) : (
        <ul className="settings-list">
          <li className="settings-switch">
            <input
              id={`${id}-mail`}
              type="checkbox"
              role="switch"
              aria-checked={mail}
              className="settings-switch__control"
              checked={mail}
              aria-describedby={`${id}-mail-hint`}
              aria-busy={saving ? true : undefined}
              aria-disabled={saving ? true : undefined}
              onChange={(event) => {
                if (!saving) void flip(event.currentTarget.checked);
              }}
            />
            <label htmlFor={`${id}-mail`} className="settings-switch__label">
              Mail me when partners read
            </label>
            <p id={`${id}-mail-hint`} className="settings-switch__hint">
              When a partner opens the deck for the first time, finishes a visit (pages read, time, questions) and asks a question: at most one mail an hour
              about each partner. Only you: each admin chooses for themself.
            </p>
          </li>
        </ul>
      )}
    </div>
  );
}
