import type { Brand } from '../../schemas/brand.ts';
import type { DeckSettings } from '../../schemas/deckSettings.ts';
import { deckWidePartner } from '../../schemas/deckWidePartner.ts';
import type { SlideRecords } from '../../schemas/slideFrontmatter.ts';
import type { DeckContent, FigureSource, SlideRecord } from './deckContent.ts';
import type { LedgerFigure } from './figureLedger.ts';
import { shownSettings } from './sampleStandIns.ts';

// The generated modules are built from typed objects (`satisfies` below) and read as the same types
// (src/virtualModules.d.ts, src/registry/slideRegistry.ts), so a field added, renamed or dropped on
// one side fails the type check instead of arriving undefined in the browser.

/** What a page's metadata leaves out of its record: its own chunk carries these, or only the build needs them. */
export const SLIDE_CHUNK_FIELDS = ['records', 'file', 'brandIds', 'tagline', 'components', 'figureIds', 'headerFigureIds'] as const;

/** What every page knows of every other page, from the registry: enough for routes, labels and the counter. */
export type SlideMeta = Omit<SlideRecord, (typeof SLIDE_CHUNK_FIELDS)[number]>;

/**
 * The settings the browser never gets: the platform block (server only), the deck length and sample
 * values (the check's), and the deck-wide partner, which has its own chunk (partnerModule) so a
 * viewer with their own Prepared-for never receives it.
 */
export const SERVER_ONLY_SETTINGS = ['platform', 'deck', 'samples', 'partner'] as const;

/** The deck settings the pages show. */
export type DeckDisplaySettings = Omit<DeckSettings, (typeof SERVER_ONLY_SETTINGS)[number]>;

/** The data a slide's chunk (`virtual:slide/{Name}`) exports; its code (SlideChunkCode) is imported beside it. */
export interface SlideChunkData {
  records: SlideRecords;
  brands: Brand[];
  /** The text of each ledger figure the slide shows, by id. */
  figures: Readonly<Record<string, string>>;
  /** The source of each of them that has one, for its note. */
  sources: Readonly<Record<string, FigureSource>>;
  /** The figures of its title and eyebrow (written out there): their source notes come first. */
  headerFigures: readonly string[];
  /** The line under the heading; it comes with the body. */
  tagline: string | null;
}

/** The code a slide's chunk exports: its MDX body, the components the body uses, the source notes' module (or null). */
export type SlideChunkCode = 'default' | 'components' | 'sourceNotes';

/** `value` without `keys` (a copy). */
function without<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Omit<T, K> {
  const copy: Partial<T> = { ...value };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

/** `export const name = value;` for each field of a typed object. */
function exportsOf(data: object): string[] {
  return Object.entries(data).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`);
}

/**
 * Source of `virtual:slide-registry`: the deck's settings, every page's metadata and one lazy loader
 * per slide. The browser loads it lazily from the gated content folder (it names who the deck is for),
 * so it is kept lean: taglines arrive with the slide's body (they sit below the heading, which never
 * waits); the summaries only feed the prerender's meta descriptions, so the browser's copy leaves them out.
 */
export function registryModule(deck: DeckContent, slideId: (name: string) => string, forServer = false): string {
  const data = {
    settings: without(shownSettings(deck.settings), SERVER_ONLY_SETTINGS) satisfies DeckDisplaySettings,
    slides: deck.slides.map((slide) => {
      const meta = without(slide, SLIDE_CHUNK_FIELDS);
      return forServer ? meta : without(meta, ['summary']);
    }) satisfies SlideMeta[],
  };
  const loaders = deck.slides.map((slide) => `  ${JSON.stringify(slide.name)}: () => import(${JSON.stringify(slideId(slide.name))}),`).join('\n');
  return [...exportsOf(data), `export const loaders = {\n${loaders}\n};`].join('\n');
}

/**
 * Source of `virtual:slide/{Name}`: the MDX body, the components it uses, the slide's validated
 * records, and the records of the brands and the figures it shows (a first visit to the cover loads
 * no brand at all, and none of the other pages' components). `componentFile` names the module of a component.
 */
export function slideModule(
  slide: SlideRecord,
  mdxPath: string,
  deck: Pick<DeckContent, 'brands' | 'figures'>,
  componentFile: (name: string) => string,
): string {
  const shown = slide.figureIds.map((id) => deck.figures[id]!);
  const data = {
    brands: deck.brands.filter((brand) => slide.brandIds.includes(brand.id)),
    figures: Object.fromEntries(shown.map((figure) => [figure.id, figure.text])),
    sources: Object.fromEntries(shown.flatMap((figure) => (figure.source ? [[figure.id, figureSource(figure)]] : []))),
    headerFigures: slide.headerFigureIds,
    records: slide.records,
    tagline: slide.tagline ?? null,
  } satisfies SlideChunkData;
  // The source notes' code rides with a slide that has a sourced figure (none while all are samples).
  const code = {
    default: `export { default } from ${JSON.stringify(mdxPath)};`,
    components: `export const components = { ${slide.components.join(', ')} };`,
    sourceNotes: Object.keys(data.sources).length
      ? `export * as sourceNotes from ${JSON.stringify(componentFile('SourceNotes'))};`
      : 'export const sourceNotes = null;',
  } satisfies Record<SlideChunkCode, string>;
  return [
    ...slide.components.map((name) => `import { ${name} } from ${JSON.stringify(componentFile(name))};`),
    ...Object.values(code),
    ...exportsOf(data),
  ].join('\n');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2025-06-30` → `30 June 2025`, `2025-06` → `June 2025`: a date for any reader, whatever their locale. */
export function asOfText(asOf: string): string {
  const [year, month, day] = asOf.split('-').map(Number) as [number, number, number?];
  return `${day ? `${day} ` : ''}${MONTHS[month - 1]} ${year}`;
}

/** What a source note needs of a sourced ledger figure: no value, no editors' notes, no relations. */
export function figureSource(figure: LedgerFigure): FigureSource {
  return { label: figure.label, source: figure.source!, asOf: figure.asOf && asOfText(figure.asOf) };
}

/** Source of `virtual:deck-partner`: the deck-wide partner alone, for the viewers who are shown it (no Prepared-for, standalone). */
export function partnerModule(deck: DeckContent): string {
  const partner = deckWidePartner(deck.settings);
  // A sample is never shown (schemas/partnerValues.ts), so its words stay out of the bytes too.
  return `export const partner = ${JSON.stringify(partner.sample ? { name: '', licence: '', sample: true } : partner)};`;
}
