import { useMemo, useState } from 'react';
import { type DeckVersionEntry, MAX_VERSION_NOTE, type VersionFigureChange } from '../../../schemas/versionPaths.ts';
import { FormAlert, TextField } from '../AdminField.tsx';
import { RelativeTime } from '../TimeText.tsx';
import { exactTime } from '../timeText.ts';
import { useServerForm } from '../useServerForm.ts';
import type { VersionList } from './useVersionList.ts';
import { versionNames } from './versionNames.ts';

/** "$13.95T → $13.96T", or what an added or removed figure reads. */
function figureChangeText(figure: VersionFigureChange): string {
  if (figure.change === 'added') return `added: ${figure.now ?? ''}`;
  if (figure.change === 'removed') return `removed (was ${figure.was ?? ''})`;
  const value = figure.was !== figure.now ? `${figure.was ?? ''} → ${figure.now ?? ''}` : (figure.now ?? '');
  const other = figure.parts.filter((part) => part !== 'value');
  return other.length > 0 ? `${value} (${other.join(', ')} changed)` : value;
}

/** The note an admin gives a version ("Q3 figures"); viewers see it in the "What changed" dialog. */
function VersionNote({ versions, version }: { versions: VersionList; version: DeckVersionEntry }) {
  const [saved, setSaved] = useState(false);
  const form = useServerForm({ note: version.note ?? '' }, async (values) => {
    setSaved(false);
    await versions.setNote(version.id, values.note.trim());
    setSaved(true);
    versions.reload();
  });
  return (
    <form className="admin-form admin-form--inline" noValidate onSubmit={form.onSubmit}>
      <FormAlert message={form.formError} />
      <TextField
        label="Note for viewers"
        maxLength={MAX_VERSION_NOTE}
        placeholder="Q3 figures"
        hint={`Shown with this version's changes; up to ${MAX_VERSION_NOTE} characters.`}
        binding={form.field('note')}
      />
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" aria-disabled={form.busy}>
          Save note
        </button>
        {saved ? <span role="status">Saved.</span> : null}
      </div>
    </form>
  );
}

function VersionCard({
  versions,
  version,
  number,
  current,
  now,
}: {
  versions: VersionList;
  version: DeckVersionEntry;
  /** Its name's number (versionNames.ts): 1 for the first recorded. */
  number: number;
  current: boolean;
  now: Date;
}) {
  const headingId = `version-${version.id}`;
  return (
    <li className="admin-card version-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-card__who">
        {/* One flex item: the heading's gap goes between it and the badge, not inside the name. */}
        <span>
          Version {number} of <time dateTime={version.at}>{exactTime(version.at)}</time>
        </span>
        {current ? <span className="admin-state admin-state--joined version-card__current">served now</span> : null}
      </h3>
      <p className="admin-card__when">
        First served <RelativeTime iso={version.at} now={now} />
      </p>
      {version.figures.length === 0 && version.pages.length === 0 ? <p>The first version recorded: nothing to compare it with.</p> : null}
      {version.figures.length > 0 ? (
        <>
          <h4>
            {version.figures.length} {version.figures.length === 1 ? 'figure' : 'figures'}
          </h4>
          <ul className="version-card__list">
            {version.figures.map((figure) => (
              <li key={figure.id}>
                <strong>{figure.label}</strong>: {figureChangeText(figure)}
                {figure.pages.length > 0 ? <span className="admin-card__when"> · on {figure.pages.join(', ')}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {version.pages.length > 0 ? (
        <>
          <h4>
            {version.pages.length} {version.pages.length === 1 ? 'page' : 'pages'} with changed text
          </h4>
          <ul className="version-card__list">
            {version.pages.map((page) => (
              <li key={page.path}>
                <a href={page.path}>{page.name}</a> ({page.change})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <VersionNote versions={versions} version={version} />
    </li>
  );
}

/**
 * Deck versions: each build the platform served whose figures or page text differ from the
 * one before, newest first, with what changed, and the note viewers see with it.
 */
export function VersionsSection({ versions, now }: { versions: VersionList; now: Date }) {
  const { list, error: loadError } = versions;
  const names = useMemo(() => versionNames(list), [list]);
  return (
    <section className="admin-section" aria-labelledby="admin-versions">
      <h2 id="admin-versions">Versions</h2>
      <p className="admin-section__lead">
        A version is recorded each time the platform starts serving a build whose figures or page text changed. Returning viewers are told what changed since
        their last visit.
      </p>
      {loadError ? (
        <p className="admin-alert" role="alert">
          The versions did not load: {loadError}
        </p>
      ) : list === null ? (
        <p className="admin-empty">Loading the versions…</p>
      ) : list.versions.length === 0 ? (
        <p className="admin-empty" role="status">
          No versions yet: the platform records one when it serves a build with a figure ledger (npm run build).
        </p>
      ) : (
        <ol className="admin-cards version-cards" aria-label="Versions, newest first">
          {list.versions.map((version) => (
            <VersionCard
              key={version.id}
              versions={versions}
              version={version}
              number={names.get(version.id)!.number}
              current={version.id === list.current}
              now={now}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
