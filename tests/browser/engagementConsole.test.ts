import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { openedText } from '../../src/admin/people/openedNotices.ts';
import { testChromium } from './sharedChromium.ts';
import { RECORDING_NOTICE } from '../../src/engagement/RecordingNotice.tsx';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { eventually } from '../support/waitFor.ts';
import { axeViolations } from './axeViolations.ts';
import { signedInWithToken } from './presenterSession.ts';

// Engagement, the console's side, in chromium against the real local platform serving the built deck:
// the switches save and survive a reload; a viewer reads three slides for known times (the page's
// clock moved by hand) and the admin's console shows those times once the visit ends (how soon: `npm run
// bench`); the Live list shows the viewer on their slide and the "opened the deck" notice comes to an
// admin elsewhere in the deck; the CSV holds every record; no axe violations in any section.
let p: TestPlatform;
let browser: Browser;
let console_: Page;
let adminToken: string;
/** Where the console's screenshots go (1920×1080, 1280×800, 390×844), to be looked at. */
const SHOTS = join(tmpdir(), 'engagement-console-shots');

/** The page at each of the three sizes, full length, kept as PNGs; back at 1280×800 after. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1920, 1080],
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A browser context signed in as `email` (session cookie and stored token, as the sign-in page leaves them). */
const signedIn = (email: string, password: string) => signedInWithToken(browser, p, email, password, { acceptDownloads: true });

const section = (page: Page, id: string) => page.locator(`section[aria-labelledby="${id}"]`);
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Moves to the next slide with the keyboard and waits for its address. */
async function next(page: Page): Promise<string> {
  const before = pathOf(page);
  await page.keyboard.press('ArrowRight');
  await eventually(() => pathOf(page) !== before, { what: 'the next slide' });
  return pathOf(page);
}

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  adminToken = await p.login(ADMIN.email, ADMIN.password);
  browser = await testChromium();
  mkdirSync(SHOTS, { recursive: true });
  console_ = await signedIn(ADMIN.email, ADMIN.password);
  await console_.goto(`${p.url}${ADMIN_PATH}`);
  await console_.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('settings', () => {
  it('saves each switch as it is flipped (the record made on the first save, changed after), and a reload keeps them', async () => {
    const settings = section(console_, 'admin-settings');
    const watermark = settings.getByRole('switch', { name: 'Watermark slides' });
    const downloads = settings.getByRole('switch', { name: 'Offer the PDF' });
    const recording = settings.getByRole('switch', { name: 'Record engagement' });
    // No record yet: the defaults.
    expect(await watermark.isChecked()).toBe(false);
    expect(await downloads.isChecked()).toBe(false);
    expect(await recording.isChecked()).toBe(true);

    await watermark.click();
    await settings.getByRole('status').filter({ hasText: 'Slides now carry each viewer’s watermark.' }).waitFor();
    await downloads.click();
    await settings.getByRole('status').filter({ hasText: 'Viewers can now download the stamped PDF.' }).waitFor();
    const stored = await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: adminToken });
    expect(stored.body).toHaveLength(1);
    expect(stored.body[0]).toMatchObject({ watermark: true, downloads: true, recording: true });
    // Focus stays on the switch flipped, for the next key press.
    expect(await downloads.evaluate((element) => element === document.activeElement)).toBe(true);

    await console_.reload();
    await expect.poll(() => watermark.isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await downloads.isChecked()).toBe(true);
    expect(await recording.isChecked()).toBe(true);

    // Back off with the keyboard (Space on a focused switch); still one record.
    await watermark.focus();
    await console_.keyboard.press('Space');
    await settings.getByRole('status').filter({ hasText: 'Slides no longer carry a watermark.' }).waitFor();
    await downloads.focus();
    await console_.keyboard.press('Space');
    await settings.getByRole('status').filter({ hasText: 'The PDF is no longer offered' }).waitFor();
    const after = await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: adminToken });
    expect(after.body).toHaveLength(1);
    expect(after.body[0]).toMatchObject({ watermark: false, downloads: false, recording: true });
    expect(await axeViolations(console_, 'settings saved')).toEqual([]);
  });
});

describe('a viewer reads three slides', () => {
  const viewerEmail = 'reader@lender.test';
  const spent = new Map<string, number>();

  it('the Live list shows them on their slide and an admin elsewhere in the deck is told they opened it', async () => {
    const live = section(console_, 'admin-live');
    await live.getByText('Nobody is viewing the deck right now.').waitFor();
    expect(await axeViolations(console_, 'live, nobody viewing')).toEqual([]);

    // A second admin tab, on a slide: the notice comes there.
    const elsewhere = await signedIn(ADMIN.email, ADMIN.password);
    await elsewhere.goto(`${p.url}/market`);
    await elsewhere.getByRole('button', { name: 'Account' }).waitFor();

    await registeredUser(p, viewerEmail, 'reader-password-1234');
    const viewer = await signedIn(viewerEmail, 'reader-password-1234');
    await viewer.clock.install();
    await viewer.goto(`${p.url}/`);
    // The notice comes with the recorder's chunk: once it shows, the recorder counts.
    await viewer.getByRole('status').filter({ hasText: RECORDING_NOTICE }).waitFor();
    await viewer.clock.pauseAt((await viewer.evaluate(() => Date.now())) + 100);

    const read = async (ms: number) => {
      await viewer.clock.runFor(ms);
      spent.set(pathOf(viewer), (spent.get(pathOf(viewer)) ?? 0) + ms);
    };
    await read(5_000);
    // The viewer's first key press opens the deck's socket (never on the first paint): they are
    // listed, on the slide they moved to, and the admin elsewhere is told.
    const second = await next(viewer);
    const row = live.locator(`tr[data-viewer="${viewerEmail}"]`);
    await eventually(async () => (await row.getAttribute('data-path')) === second, { what: `the viewer listed on ${second}`, timeoutMs: 10_000 });
    await elsewhere.getByText(openedText({ email: viewerEmail })).waitFor({ timeout: 10_000 });
    // Toasts close by themselves: the admin's pointer rests on this one, which keeps it.
    await elsewhere.getByText(openedText({ email: viewerEmail })).hover();
    await read(12_000);
    const third = await next(viewer);
    await eventually(async () => (await row.getAttribute('data-path')) === third, { what: `the viewer listed on ${third}` });
    await read(3_000);
    // The slide's label, not its route, in the list.
    expect(await row.locator('td').first().textContent()).toMatch(/^3 · /);
    expect(await axeViolations(console_, 'live, one viewer')).toEqual([]);
    await screenshots(console_, 'live');

    // The notice's link leads to the Live section.
    await elsewhere.getByRole('link', { name: 'See who is viewing' }).first().click();
    await elsewhere.waitForURL((url) => url.pathname === ADMIN_PATH && url.hash === '#admin-live');
    await eventually(() => elsewhere.evaluate(() => document.activeElement?.id === 'admin-live'), { what: 'focus on the Live heading' });
    await elsewhere.context().close();

    // The visit ends: the page is closed, and what it counted goes out as it closes. The issue's "within
    // a second" is a speed target, measured by `npm run bench` (visitToConsole.ts): here, beside every
    // other browser file on two cores, it took 0.4-0.65 s and once over 1 s, so the test waits for the
    // times (the event) and only prints how long they took.
    await viewer.close({ runBeforeUnload: true });
    const ended = Date.now();
    const detail = section(console_, 'admin-engagement').locator(`.engagement-detail[data-viewer="${viewerEmail}"]`);
    const shown = await eventually(
      async () => {
        const cells = await detail
          .locator('tr[data-path]')
          .evaluateAll((rows) =>
            rows.map((tr) => ({ path: tr.getAttribute('data-path'), ms: Number(tr.getAttribute('data-ms')), text: tr.querySelector('td')?.textContent })),
          );
        const byPath = new Map(cells.map((cell) => [cell.path, cell]));
        for (const [path, ms] of spent)
          if (Math.abs((byPath.get(path)?.ms ?? 0) - ms) > 1000) throw new Error(`${path}: ${byPath.get(path)?.ms} ms shown, ${ms} ms spent`);
        return byPath;
      },
      { what: 'the three slides’ times in the console', timeoutMs: 15_000 },
    );
    console.log(`console showed the visit ${Date.now() - ended} ms after the page closed`);
    // In whole seconds beside the chart.
    for (const path of spent.keys()) expect(shown.get(path)!.text).toBe(`${Math.round(shown.get(path)!.ms / 1000)} s`);
    // No other slide has time.
    expect(
      [...shown.values()]
        .filter((cell) => cell.ms > 0)
        .map((cell) => cell.path)
        .sort(),
    ).toEqual([...spent.keys()].sort());
    // The viewer's row in the list: one visit, desktop, 3 of the deck's slides.
    const listed = section(console_, 'admin-engagement').locator(`#engagement-viewers-caption ~ tbody tr[data-viewer="${viewerEmail}"]`);
    // The total is the shown slides' sum (each within 1 s of the time spent), in whole seconds.
    const totalMs = [...shown.values()].reduce((sum, cell) => sum + cell.ms, 0);
    expect(Math.abs(totalMs - 20_000)).toBeLessThanOrEqual(3000);
    expect(await listed.locator('td').allTextContents()).toEqual(expect.arrayContaining(['1', 'Desktop', `${Math.round(totalMs / 1000)} s`]));
    expect(await listed.textContent()).toMatch(/3 of \d+ slides, furthest 3 · /);
    // Closed: gone from Live.
    await eventually(async () => (await row.count()) === 0, { what: 'the viewer gone from Live', timeoutMs: 10_000 });
  });

  it('offers the raw views as CSV: a header and one row per stored record', async () => {
    const engagement = section(console_, 'admin-engagement');
    const [download] = await Promise.all([console_.waitForEvent('download'), engagement.getByRole('button', { name: /^Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^slide-views-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    const stored = await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.view}`, { token: adminToken });
    expect(lines[0]).toBe('viewer_email,viewer_id,visit_id,visit_started_at,path,slide,ms,device,recorded_at,record_id');
    expect(lines).toHaveLength(stored.body.length + 1);
    const total = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[6]), 0);
    expect(Math.abs(total - [...spent.values()].reduce((sum, ms) => sum + ms, 0))).toBeLessThanOrEqual(1000);
    expect(lines.slice(1).every((line) => line.startsWith(`${viewerEmail},`))).toBe(true);
  });

  it('passes axe with the engagement tables, chart and per-slide summary shown', async () => {
    const engagement = section(console_, 'admin-engagement');
    await engagement.getByRole('img', { name: `Time per slide, ${viewerEmail}` }).waitFor();
    expect(await engagement.getByRole('table', { name: 'Per slide, across 1 viewer' }).count()).toBe(1);
    await engagement.scrollIntoViewIfNeeded();
    expect(await axeViolations(console_, 'engagement')).toEqual([]);
    await screenshots(console_, 'engagement');
  });
});
