import type { DeckContent, SlideRecord } from './deckContent.ts';

/**
 * Source of `virtual:slide-registry`: the deck's metadata and one lazy loader per slide. The page
 * summaries only feed the prerender's meta descriptions, so the browser's copy leaves them out.
 */
export function registryModule(deck: DeckContent, slideId: (name: string) => string, forServer = false): string {
  const meta = deck.slides.map(({ records: _, file: __, summary, ...rest }) => (forServer && summary ? { ...rest, summary } : rest));
  const { platform: _platform, ...settings } = deck.settings;
  const loaders = deck.slides
    .map((slide) => `  ${JSON.stringify(slide.name)}: () => import(${JSON.stringify(slideId(slide.name))}),`)
    .join('\n');
  return [
    `export const settings = ${JSON.stringify(settings)};`,
    `export const slides = ${JSON.stringify(meta)};`,
    `export const loaders = {\n${loaders}\n};`,
  ].join('\n');
}

/** Source of `virtual:slide/{Name}`: the MDX body and the slide's validated records. */
export function slideModule(slide: SlideRecord, mdxPath: string, brandsId: string): string {
  return [
    `export { default } from ${JSON.stringify(mdxPath)};`,
    `export { brands, stated } from ${JSON.stringify(brandsId)};`,
    `export const records = ${JSON.stringify(slide.records)};`,
  ].join('\n');
}
