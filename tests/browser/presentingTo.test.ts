import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { presentFor } from './presenterSession.ts';
import { contextAs, type Person, type ScreenWorld, startScreenWorld } from '../screens/screenWorld.ts';
import { settle } from '../screens/screenChecks.ts';
import { OUTPUT_DIR } from '../screens/pixelBaseline.ts';
import { loadContent } from '../../src/content/loadContent.ts';

// Presenting to someone, and an admin's "View as", as the people in the room see them: the
// projector names the partner the pitch is for and nobody else; followers keep their own; a sample
// partner is never projected; and "View as" is the person's own page, bar above it aside.

let world: ScreenWorld;
let browser: Browser;

// Two platform starts and six accounts (screenWorld.ts): minutes beside a busy suite.
beforeAll(async () => {
  world = await startScreenWorld();
  browser = await testChromium();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await world?.close();
});

/** `person`'s deck on `path` at 1280×800, hydrated (its Account menu is in). */
async function deckOf(person: Person, path: string): Promise<Page> {
  const context = await contextAs(browser, world, person, { width: 1280, height: 800 });
  await context.addInitScript(() => localStorage.setItem('deck_recording_notice_seen', '2026-12-01T00:00:00Z'));
  const page = await context.newPage();
  await page.goto(`${world.p.url}${path}`);
  await page.getByRole('button', { name: 'Account' }).waitFor();
  return page;
}

const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

describe('presenting to someone', () => {
  it('puts the chosen partner’s name on the presenter’s screen, and nothing of them on a follower’s', async () => {
    const admin = await deckOf(world.admin, '/');
    const follower = await deckOf(world.beta, '/');
    const frames: string[] = [];
    follower.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));

    await presentFor(admin, 'follow', /^Ann Alpha, Alpha Capital/);
    await admin.getByRole('button', { name: 'Stop presenting' }).waitFor();
    // The presenter's screen: Ann's line exactly as her own deck reads it, no licence, no sample.
    await expect.poll(() => admin.locator('.partner-footer').innerText()).toBe('Prepared for Ann Alpha, Alpha Capital');
    expect(await visibleText(admin)).not.toContain('Sample Lender');

    // Ben follows the presentation on his own screen, to the contact page, which names the partner in prose.
    await follower.mouse.move(200, 200);
    await follower.mouse.move(240, 240);
    await follower.getByRole('button', { name: 'Follow presenter' }).click();
    await admin.goto(`${world.p.url}/contact`);
    await follower.waitForURL((url) => url.pathname === '/contact');
    await expect.poll(() => admin.locator('main').innerText()).toContain('This proposal is prepared for Alpha Capital');
    await expect.poll(() => follower.locator('main').innerText()).toContain('This proposal is prepared for Beta Bank');
    const followed = `${await follower.content()}\n${frames.join('\n')}`;
    for (const word of ['Alpha', 'ann@alpha.example']) expect(followed).not.toContain(word);
    // Stopped, not left to the platform's grace period: the partners' pages in the next tests would
    // otherwise offer to follow this presentation.
    await admin.getByRole('button', { name: 'Stop presenting' }).click();
    await admin.getByRole('button', { name: 'Start presenting' }).waitFor();
    await admin.context().close();
    await follower.context().close();
  });

  it('shows no Prepared-for line in present mode for nobody in particular while the deck-wide partner is a sample', async () => {
    const admin = await deckOf(world.admin, '/');
    // Read as served, the admin's cover names no sample partner either: no Prepared-for line at all.
    expect(await admin.locator('.partner-footer').isVisible()).toBe(false);
    await presentFor(admin, 'present');
    await admin.waitForFunction(() => document.documentElement.classList.contains('present-mode'));
    await expect.poll(() => admin.locator('.partner-footer').isVisible()).toBe(false);
    expect(await visibleText(admin)).not.toMatch(/Sample Lender|NMLS #0000000|Prepared for/);
    await admin.goto(`${world.p.url}/contact?mode=present`);
    await admin.waitForFunction(() => document.documentElement.classList.contains('present-mode'));
    await expect.poll(() => admin.locator('main').innerText()).toContain('This proposal is prepared for you');
    expect(await visibleText(admin)).not.toContain('Sample Lender');
    await admin.context().close();
  });
});

describe('sample values', () => {
  it('reach no partner: no page shows a value deck.yaml still lists under samples:, in its text or its bytes', async () => {
    const { content } = loadContent(process.cwd());
    const settings = content!.settings;
    // The company's name is the deck's own title (kept, and named by Ready to share until replaced).
    const shown = (settings.samples ?? []).filter((path) => path !== 'company.name');
    const values = shown.map((path) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], settings) as string);
    expect(values.length, 'the deck under test still holds samples').toBeGreaterThan(3);
    const page = await deckOf(world.viewer, '/');
    for (const slide of content!.slides) {
      await page.goto(`${world.p.url}${slide.path}`);
      await page.locator('main h1').first().waitFor();
      const text = await visibleText(page);
      const bytes = await page.content();
      for (const value of values) {
        expect(text, `${slide.path} shows ${value}`).not.toContain(value);
        expect(bytes, `${slide.path} carries ${value}`).not.toContain(value);
      }
    }
    // The contact page keeps its panel and the consultation button, without empty rows.
    await page.goto(`${world.p.url}/contact`);
    await expect.poll(() => page.locator('main').innerText()).toContain('This proposal is prepared for you');
    expect(await page.locator('.contact-panel__item').count()).toBe(0);
    await page.context().close();
  });
});

describe('View as', () => {
  it('is the person’s own page: the same picture as theirs but for the bar above it, which leads back in one click', async () => {
    const own = await deckOf(world.beta, '/');
    await settle(own);
    const admin = await deckOf(world.admin, `/?view_as=${world.beta.id}`);
    const bar = admin.getByRole('complementary', { name: 'Viewing as someone else' });
    await bar.waitFor();
    await settle(admin);
    // The admin's own controls are not on the person's page.
    for (const name of ['Presenter view', 'Start presenting']) expect(await admin.getByRole('button', { name }).count()).toBe(0);
    // Both pages as a person leaves them a moment: active (what loads on activity is in), still.
    for (const page of [own, admin]) {
      await page.mouse.move(5, 400);
      await page.mouse.move(8, 420);
      await page.waitForLoadState('networkidle');
      await settle(page);
    }
    const barHeight = Math.ceil((await bar.boundingBox())!.height);
    const bottomBar = Math.ceil((await own.locator('.bottom-bar').boundingBox())!.height);
    expect(barHeight).toBeGreaterThan(0);
    // The bar sits above the page and pushes it down: the page under it is theirs, pixel for pixel, and
    // so is the bottom bar, fixed at the window's foot in both.
    const picture = async (page: Page, y: number, height: number) =>
      PNG.sync.read(await page.screenshot({ animations: 'disabled', caret: 'hide', mask: [page.locator('time')], clip: { x: 0, y, width: 1280, height } }));
    const differing = (a: PNG, b: PNG) => pixelmatch(a.data, b.data, new PNG({ width: a.width, height: a.height }).data, a.width, a.height, { threshold: 0.1 });
    const pageHeight = 800 - barHeight - bottomBar;
    // Both pictures are left in .screens/view-as/ to be looked at when they differ.
    mkdirSync(join(OUTPUT_DIR, 'view-as'), { recursive: true });
    writeFileSync(join(OUTPUT_DIR, 'view-as', 'own.png'), PNG.sync.write(await picture(own, 0, 800)));
    writeFileSync(join(OUTPUT_DIR, 'view-as', 'view-as.png'), PNG.sync.write(await picture(admin, 0, 800)));
    expect(
      differing(await picture(own, 0, pageHeight), await picture(admin, barHeight, pageHeight)),
      'pixels of the page that differ from theirs',
    ).toBeLessThanOrEqual(50);
    expect(
      differing(await picture(own, 800 - bottomBar, bottomBar), await picture(admin, 800 - bottomBar, bottomBar)),
      'pixels of the bottom bar',
    ).toBeLessThanOrEqual(20);

    await bar.getByRole('link', { name: 'Back to People' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByRole('heading', { name: 'People' }).waitFor();
    await own.context().close();
    await admin.context().close();
  });
});
