import type { MdxComponentName } from './mdxComponentNames.ts';
import type { Brand, BrandsFile } from '../../schemas/brand.ts';
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
}

/** Everything the slides say, validated: what the Vite plugin turns into the slide registry. */
export interface DeckContent {
  settings: DeckSettings;
  stated: BrandsFile['stated'];
  brands: Brand[];
  /** Deck pages in order, then pages outside the deck order by name. */
  slides: SlideRecord[];
  /**
   * Speaker notes by page path, apart from the slides: the registry and slide modules are built from
   * `slides`, so notes cannot ride into a chunk; only the build's notes file reads this.
   */
  notes: Record<string, string>;
}
