import type { DeckVersionList } from '../../../schemas/versionPaths.ts';

// One way of naming versions across the console: the Versions section's cards, the Engagement
// filter and the viewers' "Last version seen" all say "Version 3", so an admin can match them.

/** How the console names one version. */
export interface VersionName {
  /** 1 for the first version recorded, counting up; versions are never removed, so it stays. */
  number: number;
  /** ISO time the platform first served it. */
  at: string;
  note: string | null;
  /** The version the platform serves now. */
  current: boolean;
}

/** Each version's name by id; empty while the list loads or when there are no versions. */
export function versionNames(list: DeckVersionList | null): Map<string, VersionName> {
  const names = new Map<string, VersionName>();
  const versions = list?.versions ?? [];
  // Newest first: the last is version 1.
  versions.forEach((version, index) => {
    names.set(version.id, { number: versions.length - index, at: version.at, note: version.note, current: version.id === list!.current });
  });
  return names;
}

/** Notes up to this long show beside the name in a table; a longer one shows cut off, whole on hover and to screen readers. */
export const SHORT_NOTE = 24;
