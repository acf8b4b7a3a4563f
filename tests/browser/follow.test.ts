import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { axeViolations } from './axeViolations.ts';
import { pathOf, signedInPage, presentFor } from './presenterSession.ts';

// Follow-me across devices: two separate browser contexts against the local platform, an
// admin who presents and a viewer who follows through several slides, pauses by moving on their own
// and rejoins with one click. The offer is small, non-modal and axe-clean.

const { content } = loadContent(process.cwd());
const deck = content!.slides.filter((slide) => slide.order !== null);
const VIEWER = 'follower@fund.example';
const PASSWORD = 'follower-password-12';

let p: TestPlatform;
let browser: Browser;
let admin: Page;
let viewer: Page;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  await p.call('PUT', '/entities/User/me', { token: await p.login(ADMIN.email, ADMIN.password), body: { full_name: 'Pat Presenter' } });
  await registeredUser(p, VIEWER, PASSWORD);
  browser = await testChromium();
  admin = await signedInPage(browser, p, ADMIN.email, ADMIN.password, deck[0]!.path);
  viewer = await signedInPage(browser, p, VIEWER, PASSWORD, deck[0]!.path);
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** The admin moves one page on with the keyboard and lands on `path`. */
async function adminNext(path: string): Promise<void> {
  await admin.locator('body').press('ArrowRight');
  await admin.waitForURL((url) => url.pathname === path);
}

/** The headings on the page: one once a move's fade has ended (two while the old page leaves). */
const headings = (page: Page) => page.locator('#slide-title').allTextContents();

describe('follow-me', () => {
  it('offers the viewer to follow once the admin starts presenting; the offer is non-modal and axe-clean', async () => {
    // No presentation: no offer, whatever the viewer does.
    await viewer.mouse.move(200, 200);
    expect(await viewer.getByRole('button', { name: 'Follow presenter' }).count()).toBe(0);

    await presentFor(admin, 'follow');
    await admin.getByRole('button', { name: 'Stop presenting' }).waitFor();
    const offer = viewer.getByRole('region', { name: 'Follow the presenter' });
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.textContent()).toContain('Pat Presenter is presenting this deck.');
    // Non-modal: the deck behind it still takes keys and clicks, and no dialog holds the focus.
    expect(await viewer.locator('dialog[open], [aria-modal="true"]').count()).toBe(0);
    expect(await axeViolations(viewer, 'follow offer')).toEqual([]);
  });

  it('moves the follower with the presenter through several slides', async () => {
    await viewer.getByRole('button', { name: 'Follow presenter' }).click();
    await viewer.waitForURL((url) => url.pathname === deck[0]!.path);
    for (const slide of deck.slice(1, 4)) {
      await adminNext(slide.path);
      await viewer.waitForURL((url) => url.pathname === slide.path);
      await expect.poll(() => headings(viewer)).toEqual([slide.title]);
    }
    expect(await viewer.getByRole('region', { name: 'Follow the presenter' }).textContent()).toContain('Following Pat Presenter.');
    expect(await axeViolations(viewer, 'following')).toEqual([]);

    // A reload keeps following.
    await viewer.reload();
    await viewer.mouse.move(300, 300);
    await expect
      .poll(() => viewer.getByRole('region', { name: 'Follow the presenter' }).textContent(), { timeout: 15_000 })
      .toContain('Following Pat Presenter.');
    await adminNext(deck[4]!.path);
    await viewer.waitForURL((url) => url.pathname === deck[4]!.path);
    await admin.locator('body').press('ArrowLeft');
    await viewer.waitForURL((url) => url.pathname === deck[3]!.path);
  });

  it('pauses when the viewer moves on their own, and one click rejoins', async () => {
    await viewer.locator('body').press('ArrowLeft');
    await viewer.waitForURL((url) => url.pathname === deck[2]!.path);
    const panel = viewer.getByRole('region', { name: 'Follow the presenter' });
    await expect.poll(() => panel.textContent()).toContain('following Pat Presenter is paused');
    expect(await axeViolations(viewer, 'paused', [1280])).toEqual([]);

    // The presenter moves on; the paused viewer stays where they went.
    await adminNext(deck[4]!.path);
    await expect.poll(() => headings(admin)).toEqual([deck[4]!.title]);
    // The move reached the viewer's panel (it knows where to rejoin), and the viewer stayed.
    await expect.poll(() => panel.getAttribute('data-presenter-path')).toBe(deck[4]!.path);
    expect(pathOf(viewer)).toBe(deck[2]!.path);

    await viewer.getByRole('button', { name: 'Rejoin presenter' }).click();
    await viewer.waitForURL((url) => url.pathname === deck[4]!.path);
    await expect.poll(() => panel.textContent()).toContain('Following Pat Presenter.');
    await adminNext(deck[5]!.path);
    await viewer.waitForURL((url) => url.pathname === deck[5]!.path);
    expect(await axeViolations(viewer, 'rejoined')).toEqual([]);
  });

  it('ends for everyone when the admin stops presenting', async () => {
    await admin.getByRole('button', { name: 'Stop presenting' }).click();
    await viewer.getByRole('region', { name: 'Follow the presenter' }).waitFor({ state: 'detached' });
    await adminNext(deck[6]!.path);
    await expect.poll(() => headings(admin)).toEqual([deck[6]!.title]);
    expect(pathOf(viewer)).toBe(deck[5]!.path);
  });
});
