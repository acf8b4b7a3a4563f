import { deckWidePartner } from '../../schemas/deckWidePartner.ts';
import { loadContent } from '../content/loadContent.ts';
import { htmlFileFor } from './prerender.ts';
import type { ExportPlan } from './exportPlan.ts';

export { EXPORT_PLAN_FILE, type ExportPage, type ExportPlan } from './exportPlan.ts';

/** `/market` → `slide-market`; the main page `/` is named after its slide (`slide-cover`). */
export function slideAnchor(page: { name: string; path: string }): string {
  const key = page.path === '/' ? page.name : page.path.slice(1);
  return `slide-${key.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`;
}

/**
 * The PDF's title (the company's name) and pages: the deck in its registry order, then the pages
 * outside that order (the core-technology appendix) as the registry lists them. Throws with the
 * content errors when the slides do not assemble (the build would have refused them too).
 */
export function exportPages(root: string): ExportPlan {
  const { content, issues } = loadContent(root);
  if (!content) throw new Error(`The slides have errors; run npm run check:\n${issues.map((issue) => `  ${issue.file}: ${issue.message}`).join('\n')}`);
  const inDeck = content.slides.filter((slide) => slide.order !== null).sort((a, b) => a.order! - b.order!);
  const appendix = content.slides.filter((slide) => slide.order === null);
  const pages = [...inDeck, ...appendix].map((slide) => ({
    name: slide.name,
    path: slide.path,
    label: slide.label,
    anchor: slideAnchor(slide),
    file: htmlFileFor(slide.path),
  }));
  return { title: content.settings.company.name, pages, partner: deckWidePartner(content.settings) };
}
