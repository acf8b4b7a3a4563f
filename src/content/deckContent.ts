import type { AgreementText } from '../../schemas/agreement.ts';
import type { MdxComponentName } from './mdxComponentNames.ts';
import type { Brand } from '../../schemas/brand.ts';
import type { LedgerFigure } from './figureLedger.ts';
import type { DeckSettings } from '../../schemas/deckSettings.ts';
import type { SlideRecords } from '../../schemas/slideFrontmatter.ts';

/** One page as the registry knows it: identity, place in the deck, header text and records. */
export interface SlideRecord {
  file: string;
  name: string;
  path: string;
  label: string;
  /** 1-based place in the deck, or null for a page outside the deck order. */
  order: number | null;
  layout: 'cover' | 'content';
  title: string;
  eyebrow?: string;
  tagline?: string;
  summary?: string;
  /** The brand this page is about (its frontmatter's `brand`), so an ecosystem card can link to it. */
  brand?: string;
  records: SlideRecords;
  /** The brands the page shows (its records', a `<BrandOverview id>`, or all for `<Ecosystem />`). */
  brandIds: string[];
  /** The slide components its body uses: its chunk imports these and no others (a first visit loads one page's). */
  components: MdxComponentName[];
  /** The ledger figures the page shows (its header's first): its chunk carries these and no others. */
  figureIds: string[];
  /** The figures of its title and eyebrow, written out as text there: their source notes come first. */
  headerFigureIds: string[];
}

/** Everything the slides say, validated: what the Vite plugin turns into the slide registry. */
export interface DeckContent {
  settings: DeckSettings;
  brands: Brand[];
  /** The figures ledger (slides/figures.yaml) by id, in file order. */
  figures: Record<string, LedgerFigure>;
  /** Deck pages in order, then pages outside the deck order by name. */
  slides: SlideRecord[];
  /**
   * Speaker notes by page path, apart from the slides: the registry and slide modules are built from
   * `slides`, so notes cannot ride into a chunk; only the build's notes file reads this.
   */
  notes: Record<string, string>;
  /**
   * Each page's own words by path (its slide file and the records of the brands it shows, figures as
   * their ids), for the fingerprint in the server's ledger file; like `notes`, never in a chunk.
   */
  pageWords: Record<string, string>;
  /** The confidentiality agreement (slides/agreement.md), when the deck has one; the server's alone, never in a chunk. */
  agreement?: AgreementText;
}

/**
 * What a slide's chunk carries of a figure whose source is given, for its source note: what it
 * measures, the source and the as-of date as a reader sees it (`30 June 2025`, `June 2025`). A figure
 * still without a source has none, so a page of them carries their texts alone.
 */
export interface FigureSource {
  label: string;
  source: string;
  asOf: string | null;
}
