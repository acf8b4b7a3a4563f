import type { DeckContent, FigureSource, SlideRecord } from './deckContent.ts';
import type { LedgerFigure } from './figureLedger.ts';

/**
 * Source of `virtual:slide-registry`: the deck's settings, every page's metadata and one lazy loader
 * per slide. The browser loads it lazily from the gated content folder (it names who the deck is for),
 * so it is kept lean: taglines arrive with the slide's body (they sit below the heading, which never
 * waits); the summaries only feed the prerender's meta descriptions, so the browser's copy leaves them out.
 */
export function registryModule(deck: DeckContent, slideId: (name: string) => string, forServer = false): string {
  const meta = deck.slides.map(
    ({ records: _, file: __, brandIds: ___, tagline: ____, components: _____, figureIds: ______, headerFigureIds: _______, summary, ...rest }) =>
      forServer && summary ? { ...rest, summary } : rest,
  );
  // The platform block stays on the server; the deck length and the list of sample values only feed the
  // check. The deck-wide partner is not here either: a viewer pitched under their own
  // Prepared-for must never receive it; it has its own chunk (partnerModule), loaded only when shown.
  const { platform: _platform, deck: _length, samples: _samples, partner: _partner, ...settings } = deck.settings;
  const loaders = deck.slides.map((slide) => `  ${JSON.stringify(slide.name)}: () => import(${JSON.stringify(slideId(slide.name))}),`).join('\n');
  return [
    `export const settings = ${JSON.stringify(settings)};`,
    `export const slides = ${JSON.stringify(meta)};`,
    `export const loaders = {\n${loaders}\n};`,
  ].join('\n');
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
  // The source notes' code rides with a slide that has a sourced figure (none while all are samples).
  const brands = deck.brands.filter((brand) => slide.brandIds.includes(brand.id));
  const shown = slide.figureIds.map((id) => deck.figures[id]!);
  const figures = Object.fromEntries(shown.map((figure) => [figure.id, figure.text]));
  const sources = Object.fromEntries(shown.flatMap((figure) => (figure.source ? [[figure.id, figureSource(figure)]] : [])));
  return [
    ...slide.components.map((name) => `import { ${name} } from ${JSON.stringify(componentFile(name))};`),
    `export const components = { ${slide.components.join(', ')} };`,
    `export { default } from ${JSON.stringify(mdxPath)};`,
    `export const brands = ${JSON.stringify(brands)};`,
    `export const figures = ${JSON.stringify(figures)};`,
    `export const sources = ${JSON.stringify(sources)};`,
    Object.keys(sources).length ? `export * as sourceNotes from ${JSON.stringify(componentFile('SourceNotes'))};` : 'export const sourceNotes = null;',
    `export const headerFigures = ${JSON.stringify(slide.headerFigureIds)};`,
    `export const records = ${JSON.stringify(slide.records)};`,
    `export const tagline = ${JSON.stringify(slide.tagline ?? null)};`,
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
  return `export const partner = ${JSON.stringify(deck.settings.partner)};`;
}
