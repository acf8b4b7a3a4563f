import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_NOTICE_KEY } from '../../schemas/engagementPaths.ts';
import { testChromium } from '../browser/sharedChromium.ts';
import { writeContactSheet, type SheetEntry } from './contactSheet.ts';
import { compareWithBaseline, OUTPUT_DIR } from './pixelBaseline.ts';
import { axeProblems, layoutProblems, settle } from './screenChecks.ts';
import { trackRequests } from './stillness.ts';
import { rulesOf, type Screen, SIZES, type SizeName, type Who } from './screenList.ts';
import { contextAs, type ScreenWorld, startScreenWorld } from './screenWorld.ts';

// Runs a part of the screen list as tests: one test per screen and size, named for both. Each
// person at each size gets one page, reused from screen to screen (a page load in a new context
// costs twice the CPU), except screens that need a first visit of their own.

/** Parts whose pixels change by themselves on every screen: dates and times, which `<time>` marks. */
const ALWAYS_MASKED = ['time'];

/**
 * Draws every part `selectors` match as a grey box of one width whatever it says, so neither its
 * text nor its length ("just now" or "3 minutes ago", 4 or 14 December) moves a pixel of the
 * picture; hides the caret of every field; returns the undo. Set through each element's style: the
 * deck's policy refuses a stylesheet added to the page, which is what Playwright's `style` option adds.
 */
const maskVarying = async (page: Page, selectors: readonly string[]): Promise<() => Promise<void>> => {
  // Playwright's selectors (`:has-text(…)`) mark the parts first; the page's own query finds the marks.
  for (const selector of selectors)
    await page.locator(selector).evaluateAll((found) => found.forEach((element) => element.setAttribute('data-screen-mask', '')));
  return page
    .evaluate((selector) => {
      const masked = [...document.querySelectorAll<HTMLElement>(selector)];
      const before = masked.map((element) => element.getAttribute('style'));
      const look: Record<string, string> = {
        display: 'inline-block',
        width: '7em',
        // One line whatever the text's length: a longer date would wrap inside the box and make it taller.
        'white-space': 'nowrap',
        overflow: 'hidden',
        'vertical-align': 'bottom',
        color: 'transparent',
        background: '#c7ccd4',
      };
      for (const element of masked) for (const [property, value] of Object.entries(look)) element.style.setProperty(property, value, 'important');
      // The caret blinks: a field's text stays, its caret goes.
      const fields = [...document.querySelectorAll<HTMLElement>('input, textarea, [contenteditable]')].filter((field) => !masked.includes(field));
      const fieldsBefore = fields.map((field) => field.getAttribute('style'));
      for (const field of fields) field.style.setProperty('caret-color', 'transparent', 'important');
      const restore = (elements: HTMLElement[], styles: (string | null)[]) =>
        elements.forEach((element, index) => (styles[index] === null ? element.removeAttribute('style') : element.setAttribute('style', styles[index]!)));
      (window as unknown as { __unmask?: () => void }).__unmask = () => {
        restore(masked, before);
        restore(fields, fieldsBefore);
      };
    }, '[data-screen-mask]')
    .then(
      () => () =>
        page.evaluate(() => {
          (window as unknown as { __unmask?: () => void }).__unmask?.();
          document.querySelectorAll('[data-screen-mask]').forEach((element) => element.removeAttribute('data-screen-mask'));
        }),
    );
};

/**
 * Hides the "… opened the deck" notices (the ones that lead to the console's Live section) on every
 * page of the screen world: they come from the other screens' people opening the deck, arrive
 * whenever those screens happen to run (before or after a picture), and are no part of any screen.
 * Each is hidden as it is added, before the next frame, through its style property: the deck's
 * content security policy refuses a stylesheet the test would add.
 */
const OTHERS_ARRIVALS = '.toast:has(.toast__link[href$="#admin-live"])';
const hideOthersArrivals = (context: BrowserContext) =>
  context.addInitScript((selector) => {
    // (No named function inside: a page function is sent as its source, without the helpers a transform adds for names.)
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>(selector)) toast.style.display = 'none';
    }).observe(document, { subtree: true, childList: true });
  }, OTHERS_ARRIVALS);

/** The file name of a screen's picture: its name, who saw it and the size. */
export const pictureName = (screen: Screen, size: SizeName) => `${screen.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}--${screen.who}--${size}.png`;

/** Declares the tests of `screens` under `title`; `sheet` names this part's entries in the contact sheet. */
export function describeScreens(title: string, sheet: string, screens: readonly Screen[]): void {
  let world: ScreenWorld;
  let browser: Browser;
  const pages = new Map<string, Promise<Page>>();
  const entries: SheetEntry[] = [];

  // Two platform starts and six accounts: seconds on a quiet machine, minutes beside a busy suite.
  beforeAll(async () => {
    world = await startScreenWorld();
    browser = await testChromium();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(join(OUTPUT_DIR, `${sheet}.json`), JSON.stringify(entries, null, 1));
    writeContactSheet();
  });

  const personOf = (who: Who) => (who === 'visitor' ? null : world[who]);
  /** A new context for `who` at `size`; returning viewers have been told about recording already. */
  const newPage = async (who: Who, size: SizeName, firstVisit: boolean): Promise<{ page: Page; context: BrowserContext }> => {
    const context = await contextAs(browser, world, personOf(who), SIZES[size]);
    await hideOthersArrivals(context);
    if (!firstVisit) await context.addInitScript((key) => localStorage.setItem(key, '2026-12-01T00:00:00Z'), RECORDING_NOTICE_KEY);
    const page = await context.newPage();
    trackRequests(page);
    return { page, context };
  };
  const pageFor = (who: Who, size: SizeName) => {
    const key = `${who}|${size}`;
    if (!pages.has(key))
      pages.set(
        key,
        newPage(who, size, false).then(({ page }) => page),
      );
    return pages.get(key)!;
  };

  // SCREENS_ONLY=regex runs the screens whose name matches (while working on one); the whole list otherwise.
  const only = process.env.SCREENS_ONLY ? new RegExp(process.env.SCREENS_ONLY) : null;
  const cases = screens
    .filter((screen) => !only || only.test(screen.name))
    .flatMap((screen) => screen.sizes.map((size) => ({ screen, size, label: `${screen.name} as ${screen.who} at ${size}` })));
  describe(title, () => {
    it.each(cases)('$label', async ({ screen, size, label }) => {
      const fresh = screen.firstVisit ? await newPage(screen.who, size, true) : null;
      const page = fresh?.page ?? (await pageFor(screen.who, size));
      try {
        const started = performance.now();
        await screen.open(page, world);
        await settle(page);
        const opened = performance.now();
        const rules = rulesOf(screen, size);
        const problems = [...(await layoutProblems(page, rules))];
        const laidOut = performance.now();
        if (!screen.axeSizes || screen.axeSizes.includes(size)) problems.push(...(await axeProblems(page, screen.axeExcept)));
        const axed = performance.now();
        const unmask = await maskVarying(page, [...ALWAYS_MASKED, ...(screen.mask ?? [])]);
        const png = await page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: screen.fullPage ?? false });
        await unmask();
        const comparison = compareWithBaseline(pictureName(screen, size), png);
        const ms = (from: number, to: number) => Math.round(to - from);
        if (process.env.SCREENS_TIMING)
          console.log(
            `${label}: open ${ms(started, opened)} ms, layout ${ms(opened, laidOut)} ms, axe ${ms(laidOut, axed)} ms, picture ${ms(axed, performance.now())} ms`,
          );
        entries.push({
          label,
          screen: screen.name,
          who: screen.who,
          size,
          picture: comparison.actual,
          diff: comparison.diff,
          problems,
          failure: comparison.failure,
        });
        expect(problems, `${label}: what a person would object to`).toEqual([]);
        expect(comparison.failure, `${label}: the picture`).toBeNull();
      } finally {
        await fresh?.context.close();
      }
    });
  });
}
