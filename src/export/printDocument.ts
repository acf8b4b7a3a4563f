import type { ExportPage } from '../build/exportPlan.ts';

/** The width of every PDF page in CSS pixels, and the least height (16:9). */
export const PAGE_WIDTH_PX = 1280;
export const MIN_PAGE_HEIGHT_PX = 720;

/** The class of each slide's block in the print document; one block is one PDF page. */
export const SLIDE_CLASS = 'pdf-slide';

// The deck's layout as a page shows it, minus what only a screen needs: the bottom bar's reserved
// space, the cover's viewport-tall centring (a 16:9 page instead), the entrance animations and shadows.
const PRINT_CSS = [
  `html,body{width:${PAGE_WIDTH_PX}px;margin:0;overflow:visible}`,
  `.${SLIDE_CLASS}{width:${PAGE_WIDTH_PX}px;min-height:${MIN_PAGE_HEIGHT_PX}px;break-after:page}`,
  `.${SLIDE_CLASS}:last-child{break-after:auto}`,
  `.${SLIDE_CLASS} .deck-main{padding-bottom:var(--space-7)}`,
  `.${SLIDE_CLASS} .slide--cover{min-height:calc(${MIN_PAGE_HEIGHT_PX}px - 2 * var(--space-7))}`,
  `.${SLIDE_CLASS} :is(.card,.stat,.step,.fact,.story,li){break-inside:avoid}`,
  // Paper has no controls: "View Presentation", "Schedule a Consultation" and the like would print dead.
  // An ecosystem card is a button only to be selected on screen; on paper it is content (valuation,
  // investment range, status) and prints as a card.
  `.${SLIDE_CLASS} :is(.button,button:not(.brand-card)){display:none!important}`,
  // Without its button the contact panel may hold no line at all (its rows are samples): no empty box.
  `.${SLIDE_CLASS} .contact-panel:not(:has(.contact-panel__item)){display:none}`,
  // Soft shadows print as a bitmap each (hundreds of images, megabytes); the cards keep their borders.
  '*,*::before,*::after{animation:none!important;transition:none!important;box-shadow:none!important;text-shadow:none!important;backdrop-filter:none!important}',
].join('\n');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The `<main>` of a prerendered page: the slide alone, without header, bottom bar or toasts. */
export function slideMarkup(html: string, file: string): string {
  const match = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html);
  if (!match) throw new Error(`dist/${file} has no <main>: rebuild with npm run build`);
  return match[1]!;
}

/**
 * One slide's markup made to live beside the others in one document: its ids get the slide's
 * anchor as a prefix (every page has its own `slide-title`), links to a slide of the PDF become
 * fragments (chromium turns them into jumps inside the PDF), and links to other pages of the site,
 * which a PDF cannot reach, lose their address but keep their text.
 */
export function relinkSlide(markup: string, anchor: string, anchorOf: ReadonlyMap<string, string>): string {
  const local = (id: string) => `${anchor}--${id}`;
  return markup
    .replace(/\s(id|for)="([^"]*)"/g, (_all, name: string, id: string) => ` ${name}="${local(id)}"`)
    .replace(
      /\s(aria-(?:labelledby|describedby|controls|owns))="([^"]*)"/g,
      (_all, name: string, ids: string) => ` ${name}="${ids.split(/\s+/).filter(Boolean).map(local).join(' ')}"`,
    )
    .replace(/\shref="([^"]*)"/g, (all, href: string) => {
      if (href.startsWith('#')) return ` href="#${local(href.slice(1))}"`;
      if (!href.startsWith('/') || href.startsWith('//')) return all;
      const [path, fragment] = href.split('#', 2) as [string, string | undefined];
      const target = anchorOf.get(path.split('?', 1)[0]!);
      if (!target) return '';
      return ` href="#${fragment ? `${target}--${fragment}` : target}"`;
    });
}

/** The `<html lang>` of a page ('en' when it names none). */
export function documentLang(html: string): string {
  return /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1] ?? 'en';
}

/** The stylesheets a prerendered page carries in its head (inline `<style>` and `<link rel="stylesheet">`). */
function stylesheetsOf(html: string): string[] {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>|<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
}

/**
 * The print document: every page's slide stacked in PDF order, each in its own block with the
 * slide's anchor as id, under the deck's own stylesheets, with no script (nothing hydrates, so
 * nothing moves while chromium prints). Its language is the pages' own.
 */
export function printDocument(title: string, pages: ReadonlyArray<{ page: ExportPage; html: string }>): string {
  if (pages.length === 0) throw new Error('no pages to export');
  const lang = documentLang(pages[0]!.html);
  const styles = [...new Set(pages.flatMap(({ html }) => stylesheetsOf(html)))];
  const anchorOf = new Map(pages.map(({ page }) => [page.path, page.anchor]));
  const slides = pages.map(({ page, html }) => {
    const body = relinkSlide(slideMarkup(html, page.file), page.anchor, anchorOf);
    return `<section class="${SLIDE_CLASS}" id="${page.anchor}" aria-label="${escapeText(page.label)}"><div class="deck-main">${body}</div></section>`;
  });
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head><meta charset="UTF-8"><title>${escapeText(title)}</title>${styles.join('')}<style>${PRINT_CSS}</style></head>`,
    `<body>${slides.join('\n')}</body>`,
    '</html>',
  ].join('\n');
}

/**
 * Each slide on a page of its own size: 1280 px wide, as tall as its measured content and never
 * below 16:9. CSS named pages give each block its own `@page` size.
 */
export function pageSizeCss(heights: readonly number[]): string {
  return heights
    .map((height, index) => {
      const page = `slide-${index + 1}`;
      const px = pageHeight(height);
      // min-height, not height: a slide that came out taller in print than measured then runs onto
      // another page, which the export refuses (finishPdf), instead of being cut off unseen.
      return `@page ${page}{size:${PAGE_WIDTH_PX}px ${px}px;margin:0}\n.${SLIDE_CLASS}:nth-of-type(${index + 1}){page:${page};min-height:${px}px}`;
    })
    .join('\n');
}

/** A slide's page height in whole CSS pixels: its content rounded up, at least 16:9. */
export function pageHeight(contentHeight: number): number {
  return Math.max(MIN_PAGE_HEIGHT_PX, Math.ceil(contentHeight));
}
