import type { Browser } from 'playwright-core';
import { MIN_PAGE_HEIGHT_PX, PAGE_WIDTH_PX, pageSizeCss, SLIDE_CLASS } from './printDocument.ts';

/** What chromium printed: the PDF and the CSS that sized its pages (part of the PDF's input). */
export interface PrintedDeck {
  pdf: Uint8Array;
  pageCss: string;
  /** Each slide's height in CSS px as laid out at 1280 px for print. */
  heights: number[];
  /** Every heading's text (h1 to h6, whitespace folded) in document order. */
  headings: string[];
}

/**
 * Prints the document at `url`: lays it out for print at 1280 px, measures each slide's block,
 * gives each its own page size (pageSizeCss), then prints once with tags and an outline.
 */
export async function renderPdf(browser: Browser, url: string): Promise<PrintedDeck> {
  const page = await browser.newPage({ viewport: { width: PAGE_WIDTH_PX, height: MIN_PAGE_HEIGHT_PX } });
  try {
    await page.emulateMedia({ media: 'print' });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`the print document did not load (${response?.status() ?? 'no response'})`);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const heights = await page.$$eval(`.${SLIDE_CLASS}`, (blocks) => blocks.map((block) => block.getBoundingClientRect().height));
    const pageCss = pageSizeCss(heights);
    await page.addStyleTag({ content: pageCss });
    const headings = await page.$$eval('h1,h2,h3,h4,h5,h6', (found) => found.map((heading) => (heading.textContent ?? '').replace(/\s+/g, ' ').trim()));
    // The paper size is what print media queries see: without it chromium lays the slides out for
    // Letter width (816 px), narrower than the 1280 px they were measured at, and they outgrow their
    // pages. Each page's own size still comes from its named @page rule (preferCSSPageSize).
    const pdf = await page.pdf({
      width: `${PAGE_WIDTH_PX}px`,
      height: `${MIN_PAGE_HEIGHT_PX}px`,
      preferCSSPageSize: true,
      printBackground: true,
      tagged: true,
      outline: true,
    });
    return { pdf: new Uint8Array(pdf), pageCss, heights, headings };
  } finally {
    await page.close();
  }
}
