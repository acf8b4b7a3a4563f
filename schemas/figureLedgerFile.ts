// The figures ledger as the build hands it to the server. No zod: a plain shape
// the build writes and the platform reads. It names figures and page paths, never a partner.
import type { FigureValue } from './formatFigure.ts';

/**
 * Where the build writes the ledger: `dist-server/figures.json`, beside dist/ and never in it, like the
 * speaker notes (presentingPaths.ts NOTES_DIR): the figures of an unreleased deck are confidential.
 */
export const FIGURES_FILE = 'figures.json';

/** The file's format; a reader refuses another. */
export const LEDGER_FORMAT = 1;

/** One figure as the deck shows it, where it comes from, and the pages that show it. */
export interface LedgerFigureRecord {
  /** What it measures. */
  label: string;
  value: FigureValue;
  /** Its display text (`$13.95T`). */
  text: string;
  /** Null while the ledger still says "to be supplied". */
  source: string | null;
  asOf: string | null;
  /** Paths of the pages that show it, in deck order. */
  pages: string[];
}

/** One page: what it is, what it shows, and a fingerprint of its words. */
export interface LedgerPageRecord {
  name: string;
  label: string;
  /** 1-based place in the deck, or null outside the deck order. */
  order: number | null;
  /**
   * SHA-256 of the page's own words (its slide file and the records of the brands it shows) with every
   * figure written as its id: a reworded page changes it, a ledger edit alone does not.
   */
  fingerprint: string;
  /** Ids of the figures it shows. */
  figures: string[];
}

/** The whole ledger file: every figure by id, every page by path. */
export interface LedgerSnapshot {
  format: typeof LEDGER_FORMAT;
  figures: Record<string, LedgerFigureRecord>;
  pages: Record<string, LedgerPageRecord>;
}
