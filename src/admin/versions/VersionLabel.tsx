import { Nothing } from '../TimeText.tsx';
import { dayText, exactTime } from '../timeText.ts';
import { SHORT_NOTE, type VersionName } from './versionNames.ts';

/** "Version 3 of 24 Nov 2026, 14:05 · Q3 figures": the whole name, for a title or a filter's option. */
export function versionTitle(name: VersionName): string {
  return `Version ${name.number} of ${exactTime(name.at)}${name.note ? ` · ${name.note}` : ''}`;
}

/**
 * A version in a table cell or a fact, in two short lines: "Version 3", then its note when it has
 * one of up to SHORT_NOTE characters, else the day it was first served, and "served now" on the
 * current one (the whole name in the title). No version: a dash, and words for screen readers. `id`
 * unknown to `names` (the list is loading, or failed): an ellipsis, said as such.
 */
export function VersionLabel({ id, names }: { id: string | null; names: ReadonlyMap<string, VersionName> }) {
  if (id === null) return <Nothing label="no version recorded" />;
  const name = names.get(id);
  if (!name) {
    return (
      <>
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">a version not in the list</span>
      </>
    );
  }
  const detail = name.note && name.note.length <= SHORT_NOTE ? name.note : dayText(name.at);
  return (
    <span className="version-label" title={versionTitle(name)}>
      <span>Version {name.number}</span>
      <span className="visually-hidden">, </span>
      <span className="version-label__detail">
        {detail}
        {name.current ? ' · served now' : ''}
      </span>
    </span>
  );
}
