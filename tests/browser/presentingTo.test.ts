import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { presentFor } from './presenterSession.ts';
import { contextAs, type Person, type ScreenWorld, startScreenWorld } from '../screens/screenWorld.ts';
import { settle } from '../screens/screenChecks.ts';

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
    await admin.context().close();
    await follower.context().close();
  });

  it('shows no Prepared-for line in present mode for nobody in particular while the deck-wide partner is a sample', async () => {
    const admin = await deckOf(world.admin, '/');
    // Read as served, the admin's cover names the deck-wide (sample) partner.
    expect(await admin.locator('.partner-footer').innerText()).toContain('Sample Lender');
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

describe('View as', () => {
  it('is the person’s own page: the same picture as theirs but for the bar above it, which leads back in one click', async () => {
    const own = await deckOf(world.beta, '/');
    await settle(own);
    const theirs = PNG.sync.read(await own.screenshot({ animations: 'disabled', caret: 'hide' }));

    const admin = await deckOf(world.admin, `/?view_as=${world.beta.id}`);
    const bar = admin.getByRole('complementary', { name: 'Viewing as someone else' });
    await bar.waitFor();
    await settle(admin);
    // The admin's own controls are not on the person's page.
    for (const name of ['Presenter view', 'Start presenting']) expect(await admin.getByRole('button', { name }).count()).toBe(0);
    const barHeight = Math.ceil((await bar.boundingBox())!.height);
    expect(barHeight).toBeGreaterThan(0);
    // The bar sits above the page: the page itself starts below it, whole (a taller window shows the same page).
    await admin.setViewportSize({ width: 1280, height: 800 + barHeight });
    await settle(admin);
    const shot = PNG.sync.read(await admin.screenshot({ animations: 'disabled', caret: 'hide', clip: { x: 0, y: barHeight, width: 1280, height: 800 } }));
    const diff = new PNG({ width: 1280, height: 800 });
    const differing = pixelmatch(theirs.data, shot.data, diff.data, 1280, 800, { threshold: 0.1 });
    expect(differing, 'pixels that differ from the person’s own page').toBeLessThanOrEqual(200);

    await bar.getByRole('link', { name: 'Back to People' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByRole('heading', { name: 'People' }).waitFor();
    await own.context().close();
    await admin.context().close();
  });
});
