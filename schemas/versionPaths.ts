// Deck versions: what the platform, the console and the viewer's "what changed" notice
// agree on. No zod: the viewer's platform chunk imports the function's name. The entity's name and
// address are in versionEntity.ts, which only the console and the platform read.

/** POST /functions/{name} `{ visit_id }`: what changed since the caller's own last visit (any admitted viewer). */
export const VERSION_CHANGES_FUNCTION = 'deckChanges';

/** Longest note an admin may give a version ("Q3 figures"). */
export const MAX_VERSION_NOTE = 120;

/** One figure that differs between two versions. */
export interface VersionFigureChange {
  id: string;
  label: string;
  change: 'added' | 'removed' | 'changed';
  /** Display texts: null for an added figure's `was` or a removed one's `now`. */
  was: string | null;
  now: string | null;
  /** What changed about a changed figure: value, source, asOf, label. */
  parts: string[];
  /** Paths of the pages that show it (showed it, when removed), in deck order. */
  pages: string[];
}

/** One version as the console lists it. */
export interface DeckVersionEntry {
  id: string;
  /** ISO time the platform first served it. */
  at: string;
  note: string | null;
  /** Against the version before it (none for the first). */
  figures: VersionFigureChange[];
  /** Pages whose words changed, were added or removed. */
  pages: Array<{ path: string; name: string; change: 'added' | 'removed' | 'changed' }>;
}

/** GET VERSIONS_CALL. */
export interface DeckVersionList {
  /** The version this process serves, or null without a ledger (no build, or an older one). */
  current: string | null;
  versions: DeckVersionEntry[];
}

/**
 * What VERSION_CHANGES_FUNCTION answers a returning viewer: `{}` when there is nothing to show (a first
 * visit, no change, no versions). Only the deck's own figures and the caller's own dates: nothing of
 * anyone else.
 */
export interface ViewerChanges {
  /** ISO time of the caller's last visit on an older version. */
  since?: string;
  /** Show the notice: false once a later visit already saw this version (marks may remain). */
  notice?: boolean;
  /** The current version's note. */
  note?: string | null;
  /** Figures whose value changed, with every page that shows them now. */
  figures?: Array<{ id: string; label: string; was: string; now: string; pages: Array<{ path: string; name: string }> }>;
  /** Per page path: figure id → its old text, for the pages the caller has not seen at this version. */
  marks?: Record<string, Record<string, string>>;
}
