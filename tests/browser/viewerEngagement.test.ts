import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECK_PDF_PATH,
  ENGAGEMENT_ENTITY,
  FLUSH_INTERVAL_MS,
  presenceRoom,
  stampText,
  type PresenceUpdate,
  type DeckOptions,
  type SlideViewFields,
  type SlideViewRecord,
  VISIT_STORAGE_KEY,
} from '../../schemas/engagementPaths.ts';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';
import { testChromium } from './sharedChromium.ts';
import { RECORDING_NOTICE } from '../../src/engagement/RecordingNotice.tsx';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { connected } from '../platform/socketEvents.ts';
import { builtDeckWithPdf } from '../support/builtDeckWithPdf.ts';
import { eventually } from '../support/waitFor.ts';
import { axeViolations } from './axeViolations.ts';
import { signedInWithToken } from './presenterSession.ts';
import { setDeckOptions } from '../platform/deckOptionsCall.ts';

// Engagement, the viewer's side, in chromium against the real local platform serving the built deck:
// recording off sends nothing; recording on sends time per slide in few bulk requests that match
// the time spent; the notice shows once; the watermark and the Download PDF link follow the
// switches the admins set, live; the screens stay free of axe violations.
let p: TestPlatform;
let browser: Browser;
let admin: string;
/** Where the watermark screenshots go (1920×1080, 1280×800, 390×844), to be looked at. */
const SHOTS = join(tmpdir(), 'viewer-engagement-shots');

// The built deck with an export beside it: "Download PDF" shows only when there is a PDF to stamp.
let deck: Awaited<ReturnType<typeof builtDeckWithPdf>>;

beforeAll(async () => {
  deck = await builtDeckWithPdf();
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, appId: 'investor-deck' });
  admin = await p.login(ADMIN.email, ADMIN.password);
  browser = await testChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
  deck?.remove();
});

/** Sets the deck's switches as the console does: the one DeckOptions record, created the first time. */
const setOptions = (options: DeckOptions) => setDeckOptions(p, admin, options);

/** A browser context signed in as `email` (the platform's session cookie and the stored token, as the sign-in page leaves them). */
const signedIn = (email: string, password: string, viewport = { width: 1280, height: 800 }) => signedInWithToken(browser, p, email, password, { viewport });

/** Every request of the page that creates SlideView records, as it leaves. */
function viewRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/entities/${ENGAGEMENT_ENTITY.view}`)) seen.push(request);
  });
  return seen;
}

/** The SlideView records the platform holds for `email` (read as the admin). */
async function storedViews(email: string): Promise<SlideViewRecord[]> {
  const reply = await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.view}?limit=5000`, { token: admin });
  expect(reply.status).toBe(200);
  return (reply.body as SlideViewRecord[]).filter((record) => record.created_by === email);
}

/** Waits until the deck knows its viewer (the account button) and has read the options. */
async function admitted(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Hides the tab as switching to another would. Headless chromium never hides a page (neither
 * another tab in front nor a minimised window changes document.visibilityState), so the page gets
 * the state and the event a browser gives it.
 */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Moves to the next slide with the keyboard and waits for its address. */
async function next(page: Page): Promise<string> {
  const before = pathOf(page);
  await page.keyboard.press('ArrowRight');
  await eventually(() => pathOf(page) !== before, { what: 'the next slide' });
  return pathOf(page);
}

describe('presence', () => {
  let watcher: Socket;
  afterAll(() => watcher?.close());

  it('a viewer’s page reports each slide it arrives on over the access socket; an admin’s page reports nothing', async () => {
    await setOptions({ watermark: false, downloads: false, recording: false });
    // The admins' side of the live list: the presence room, as the console joins it.
    watcher = io(p.url, { path: SOCKET_PATH, transports: ['websocket'], query: { app_id: p.appId, token: admin }, reconnection: false });
    await connected(watcher);
    const room = presenceRoom(p.appId);
    const seen: PresenceUpdate[] = [];
    watcher.on('update_model', (message: { room: string; data: string }) => {
      if (message.room === room) seen.push(JSON.parse(message.data) as PresenceUpdate);
    });
    expect(await watcher.timeout(3000).emitWithAck('join', room)).toMatchObject({ ok: true });
    const onSlide = (email: string) => seen.at(-1)?.viewers.find((viewer) => viewer.email === email);

    await registeredUser(p, 'present@lender.test', 'present-password-1234');
    const page = await signedIn('present@lender.test', 'present-password-1234', { width: 390, height: 844 });
    await page.goto(`${p.url}/market`);
    await admitted(page);
    const arrived = await next(page);
    await eventually(() => onSlide('present@lender.test')?.path === arrived, { what: `present@ on ${arrived}`, timeoutMs: 10_000 });
    expect(onSlide('present@lender.test')).toMatchObject({ path: arrived, device: 'phone' });
    const then = await next(page);
    await eventually(() => onSlide('present@lender.test')?.path === then, { what: `present@ on ${then}`, timeoutMs: 10_000 });

    // A second admin (the watcher is the first): their page connects, is listed, and never says where it is.
    const invited = await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: 'owner@deck.test', role: 'admin' } });
    expect(invited.status).toBe(200);
    await registeredUser(p, 'owner@deck.test', 'owner-password-1234', false);
    const adminPage = await signedIn('owner@deck.test', 'owner-password-1234');
    await adminPage.goto(`${p.url}/market`);
    await admitted(adminPage);
    await next(adminPage);
    await eventually(() => onSlide('owner@deck.test') !== undefined, { what: 'the admin’s page connected', timeoutMs: 10_000 });
    const last = await next(page);
    await eventually(() => onSlide('present@lender.test')?.path === last, { what: `present@ on ${last}`, timeoutMs: 10_000 });
    expect(onSlide('owner@deck.test')).toMatchObject({ role: 'admin', path: null });
    await adminPage.context().close();
    await page.context().close();
  });
});

describe('recording off', () => {
  it('sends no SlideView request at all, while viewing three slides or on leaving, and shows no notice', async () => {
    await setOptions({ watermark: false, downloads: false, recording: false });
    await registeredUser(p, 'quiet@lender.test', 'quiet-password-1234');
    const page = await signedIn('quiet@lender.test', 'quiet-password-1234');
    const sent = viewRequests(page);
    await page.goto(`${p.url}/`);
    await admitted(page);
    await next(page);
    await next(page);
    // The access socket is up (the keys opened it) and the options were read: then the tab is hidden, and left.
    await hide(page);
    await page.goto('about:blank');
    await p.settled();
    expect(sent).toEqual([]);
    expect(await storedViews('quiet@lender.test')).toEqual([]);
    await page.context().close();
  });
});

/**
 * Opens the deck at / on the page's clock, once the recorder counts, and reads a slide for each of
 * `times` (ms, the first on /, then the next slide each): the time spent per path, as the recorder
 * should count it.
 */
async function readSlides(page: Page, times: number[]): Promise<Record<string, number>> {
  await page.clock.install();
  await page.goto(`${p.url}/`);
  await admitted(page);
  // The notice comes with the recorder's chunk: once it shows, the recorder counts.
  await page.getByRole('status').filter({ hasText: RECORDING_NOTICE }).waitFor();
  // Time stops a little ahead (the page's clock runs on meanwhile); what the recorder counted before
  // then, since the visit it opened, is time on the first slide too.
  const pausedAt = (await page.evaluate(() => Date.now())) + 2000;
  await page.clock.pauseAt(pausedAt);
  const opened = await page.evaluate((key) => Date.parse((JSON.parse(localStorage.getItem(key)!) as { started_at: string }).started_at), VISIT_STORAGE_KEY);
  const spent: Record<string, number> = { '/': pausedAt - opened };
  for (const [i, ms] of times.entries()) {
    const path = i === 0 ? '/' : await next(page);
    await page.clock.runFor(ms);
    spent[path] = (spent[path] ?? 0) + ms;
  }
  return spent;
}

/** Once the platform holds `email`'s records for all of `spent`: the records, and their time per path within 1 s of it. */
async function storedAsSpent(email: string, spent: Record<string, number>): Promise<SlideViewRecord[]> {
  const viewing = Object.values(spent).reduce((sum, ms) => sum + ms, 0);
  const records = await eventually(
    async () => {
      const stored = await storedViews(email);
      const total = stored.reduce((sum, record) => sum + record.ms, 0);
      if (total < viewing - 1000) throw new Error(`${total} ms stored of ${viewing} ms`);
      return stored;
    },
    { what: 'the views stored' },
  );
  const byPath: Record<string, number> = {};
  for (const record of records) byPath[record.path] = (byPath[record.path] ?? 0) + record.ms;
  expect(Object.keys(byPath).sort()).toEqual(Object.keys(spent).sort());
  for (const [path, ms] of Object.entries(spent))
    expect(Math.abs(byPath[path]! - ms), `${path}: ${byPath[path]} ms stored, ${ms} ms spent`).toBeLessThanOrEqual(1000);
  return records;
}

describe('recording on', () => {
  it('sends the time per slide in at most one bulk request per 30 s, and the stored times match the time spent within 1 s', async () => {
    await setOptions({ watermark: false, downloads: false, recording: true });
    await registeredUser(p, 'reader@lender.test', 'reader-password-1234');
    const page = await signedIn('reader@lender.test', 'reader-password-1234');
    const sent = viewRequests(page);
    const spent = await readSlides(page, [40_000, 25_000, 30_000]);
    const viewing = Object.values(spent).reduce((sum, ms) => sum + ms, 0);
    // Hiding the tab sends what is left at once; nothing counts, and nothing goes, while it stays hidden.
    const before = sent.length;
    await hide(page);
    await eventually(() => sent.length === before + 1, { what: 'the request on hiding' });
    await page.clock.runFor(3 * FLUSH_INTERVAL_MS);
    // Leaving then has nothing to send.
    await page.goto('about:blank');

    const records = await storedAsSpent('reader@lender.test', spent);
    // One visit, from this desktop browser; the platform wrote who it was.
    expect(new Set(records.map((record) => record.visit_id)).size).toBe(1);
    expect(new Set(records.map((record) => record.device))).toEqual(new Set(['desktop']));

    const bulk = sent.filter((request) => request.method() === 'POST' && request.url().endsWith(`/entities/${ENGAGEMENT_ENTITY.view}/bulk`));
    expect(bulk).toHaveLength(sent.length);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(viewing / FLUSH_INTERVAL_MS));
    await page.context().close();
  });

  it('counts a send whose answer was lost once: the page sends those records again, and the platform stores them once', async () => {
    await setOptions({ watermark: false, downloads: false, recording: true });
    await registeredUser(p, 'train@lender.test', 'train-password-1234');
    const page = await signedIn('train@lender.test', 'train-password-1234');
    // The first send reaches the platform and is stored, and the connection drops before its answer
    // reaches the page (a train into a tunnel): the page cannot tell it from a send that never arrived.
    const lost: Array<{ body: string; status: number }> = [];
    await page.route(`**/entities/${ENGAGEMENT_ENTITY.view}/bulk`, async (route) => {
      if (lost.length > 0) return route.continue();
      const stored = await route.fetch();
      lost.push({ body: route.request().postData() ?? '', status: stored.status() });
      await route.abort('connectionreset');
    });
    const sent = viewRequests(page);
    const failed: Request[] = [];
    page.on('requestfailed', (request) => failed.push(request));
    const spent = await readSlides(page, [40_000]);
    // The flush at 30 s has failed in the page before it reads on (its records are then put back).
    await eventually(() => failed.length === 1, { what: 'the first send failed in the page' });
    const path = await next(page);
    await page.clock.runFor(25_000);
    spent[path] = 25_000;
    await hide(page);
    await storedAsSpent('train@lender.test', spent);
    // The lost records did go again, as they were.
    expect(lost.map(({ status }) => status)).toEqual([200]);
    const first = JSON.parse(lost[0]!.body) as SlideViewFields[];
    expect(first.length).toBeGreaterThan(0);
    const again = sent.slice(1).flatMap((request) => JSON.parse(request.postData() ?? '[]') as SlideViewFields[]);
    for (const record of first) expect(again).toContainEqual(record);
    await page.context().close();
  });

  it('counts nothing for a page opened in a background tab until the viewer shows it', async () => {
    await setOptions({ watermark: false, downloads: false, recording: true });
    await registeredUser(p, 'background@lender.test', 'background-password-1234');
    const page = await signedIn('background@lender.test', 'background-password-1234');
    // Chromium here never starts a page hidden (a background tab, a tab created with CDP's
    // background flag and a minimised window all read 'visible'), so the page starts with the state
    // a background tab has, before any script of the deck runs, and gets the event when shown.
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    });
    await page.clock.install();
    await page.goto(`${p.url}/market`);
    await page.getByRole('status').filter({ hasText: RECORDING_NOTICE }).waitFor({ state: 'attached' });
    // Ten minutes in the background: flushes come and go with nothing to send.
    await page.clock.runFor(20 * FLUSH_INTERVAL_MS);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      Object.defineProperty(document, 'hidden', { value: false, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.clock.runFor(12_000);
    await hide(page);
    const records = await eventually(
      async () => {
        const stored = await storedViews('background@lender.test');
        if (stored.length === 0) throw new Error('nothing stored yet');
        return stored;
      },
      { what: 'the views stored' },
    );
    const total = records.reduce((sum, record) => sum + record.ms, 0);
    expect(total, `${total} ms stored for 12 s shown: a page opened in a background tab counted viewing time (recorder.ts)`).toBeLessThanOrEqual(13_000);
    expect(total).toBeGreaterThanOrEqual(11_000);
    await page.context().close();
  });

  it('tells the viewer once: the notice is a dismissible status note, not shown again after a reload', async () => {
    await setOptions({ watermark: false, downloads: false, recording: true });
    await registeredUser(p, 'told@lender.test', 'told-password-1234');
    const page = await signedIn('told@lender.test', 'told-password-1234');
    await page.goto(`${p.url}/market`);
    const notice = page.getByRole('status').filter({ hasText: RECORDING_NOTICE });
    await notice.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await notice.getByRole('button', { name: 'Dismiss recording notice' }).click();
    await notice.waitFor({ state: 'detached' });
    const storedVisit = () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { id: string; last_active: string } | null, VISIT_STORAGE_KEY);
    const visit = await storedVisit();
    expect(visit?.id).toMatch(/^[0-9a-f-]{32,36}$/);

    await page.reload();
    await admitted(page);
    // The recorder runs again (it notes the activity on starting), in the same visit: a reload continues it.
    const continued = await eventually(
      async () => {
        const now = await storedVisit();
        if (now?.last_active === visit?.last_active) throw new Error('the recorder has not started');
        return now;
      },
      { what: 'the recorder running again' },
    );
    expect(continued?.id).toBe(visit?.id);
    expect(await page.getByText(RECORDING_NOTICE).count()).toBe(0);
    await page.context().close();
  });
});

describe('watermark and download', () => {
  it('marks each visited slide with the viewer’s email and today’s date, offers Download PDF, and both follow the switches live', async () => {
    await setOptions({ watermark: true, downloads: true, recording: false });
    await registeredUser(p, 'marked@lender.test', 'marked-password-1234');
    const page = await signedIn('marked@lender.test', 'marked-password-1234');
    await page.goto(`${p.url}/`);
    await admitted(page);
    const stamp = stampText('marked@lender.test', new Date(await page.evaluate(() => Date.now())));
    // The page arriving, not the one fading out.
    const markOnSlide = () => page.locator(`[data-route="${pathOf(page)}"] article.slide > .watermark`);
    for (let i = 0; i < 3; i += 1) {
      await eventually(async () => (await markOnSlide().textContent())!.includes(stamp), { what: `the mark on ${pathOf(page)}` });
      const mark = markOnSlide();
      expect(await mark.getAttribute('aria-hidden')).toBe('true');
      const style = await mark.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { pointer: computed.pointerEvents, select: computed.userSelect };
      });
      expect(style).toEqual({ pointer: 'none', select: 'none' });
      if (i < 2) await next(page);
    }
    const link = page.getByRole('link', { name: 'Download PDF' });
    expect(await link.getAttribute('href')).toBe(DECK_PDF_PATH);
    expect(await link.getAttribute('download')).not.toBeNull();

    // The admins switch both off: the open deck follows without a reload.
    await setOptions({ watermark: false, downloads: false, recording: false });
    await eventually(async () => (await page.locator('.watermark').count()) === 0 && (await link.count()) === 0, {
      what: 'the mark and the link gone',
      timeoutMs: 10_000,
    });
    await setOptions({ watermark: true, downloads: true, recording: false });
    await eventually(async () => (await page.locator('article.slide > .watermark').count()) > 0 && (await link.count()) === 1, {
      what: 'the mark and the link back',
      timeoutMs: 10_000,
    });
    await page.context().close();
  });

  it('keeps the mark legible and off the figures at 1920, 1280 and 390 wide, printed too (screenshots kept)', async () => {
    await setOptions({ watermark: true, downloads: true, recording: false });
    await registeredUser(p, 'screens@lender.test', 'screens-password-1234');
    for (const [width, height] of [
      [1920, 1080],
      [1280, 800],
      [390, 844],
    ] as const) {
      const page = await signedIn('screens@lender.test', 'screens-password-1234', { width, height });
      await page.goto(`${p.url}/market`);
      await admitted(page);
      const mark = page.locator('article.slide > .watermark');
      await mark.first().waitFor({ state: 'attached' });
      // The bands lie outside the slide's header and body: nothing of the content is under them.
      const overlaps = await page.evaluate(() => {
        const slide = document.querySelector('article.slide')!;
        const bands = [...slide.querySelectorAll('.watermark__band')].map((band) => band.getBoundingClientRect());
        const content = [...slide.children].filter((child) => !child.classList.contains('watermark')).map((child) => child.getBoundingClientRect());
        return bands.flatMap((band) =>
          content.filter((box) => band.bottom > box.top && band.top < box.bottom && band.height > 0).map((box) => [band.top, box.top]),
        );
      });
      expect(overlaps).toEqual([]);
      // Download PDF sits in the header where it fits; on a phone, in the Account panel.
      const phone = width < 640;
      const header = await eventually(
        () =>
          page.evaluate(
            (selectors) => {
              const boxes = selectors.map((selector) => {
                const box = document.querySelector(selector)!.getBoundingClientRect();
                return { selector, left: box.left, right: box.right, width: box.width, height: box.height };
              });
              if (boxes.some((box) => box.width === 0 && box.selector !== '.deck-header__download')) throw new Error('header not laid out');
              return boxes;
            },
            ['.deck-header__home', '.deck-header__download', '.account__toggle', '.zoom'],
          ),
        { what: 'the header laid out' },
      );
      const shown = header.filter((box) => box.width > 0);
      expect(shown.map((box) => box.selector)).toEqual(
        phone ? ['.deck-header__home', '.account__toggle', '.zoom'] : ['.deck-header__home', '.deck-header__download', '.account__toggle', '.zoom'],
      );
      for (let i = 1; i < shown.length; i += 1)
        expect(shown[i]!.left, `${width}px: ${shown[i]!.selector} overlaps`).toBeGreaterThanOrEqual(shown[i - 1]!.right);
      for (const box of shown) expect(box.right, `${width}px: ${box.selector} past the edge`).toBeLessThanOrEqual(width);
      // One row: the Account button does not wrap beside it.
      expect(header.find((box) => box.selector === '.account__toggle')!.height).toBeLessThan(50);
      if (phone) {
        await page.getByRole('button', { name: 'Account' }).click();
        expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(DECK_PDF_PATH);
        await page.screenshot({ path: join(SHOTS, `account-${width}.png`) });
        await page.keyboard.press('Escape');
      } else {
        expect(await page.getByRole('link', { name: 'Download PDF' }).count()).toBe(1);
      }
      await page.screenshot({ path: join(SHOTS, `watermark-${width}.png`) });
      await page.screenshot({ path: join(SHOTS, `watermark-${width}-full.png`), fullPage: true });
      if (width === 1280) {
        await page.emulateMedia({ media: 'print' });
        expect(await page.evaluate(() => getComputedStyle(document.querySelector('.watermark__band')!).display)).not.toBe('none');
        expect(await page.locator('.watermark__band').first().isVisible()).toBe(true);
        await page.emulateMedia({ media: 'screen' });
      }
      await page.context().close();
    }
  });

  it('has no axe violations with the notice, the watermark and the Download PDF link on screen', async () => {
    await setOptions({ watermark: true, downloads: true, recording: true });
    await registeredUser(p, 'axe@lender.test', 'axe-password-1234');
    const page = await signedIn('axe@lender.test', 'axe-password-1234');
    await page.goto(`${p.url}/market`);
    await admitted(page);
    await page.getByRole('status').filter({ hasText: RECORDING_NOTICE }).waitFor();
    await page.locator('article.slide > .watermark').first().waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Download PDF' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'notice-1280.png') });
    expect(await axeViolations(page, 'notice, watermark and download shown')).toEqual([]);
    await page.context().close();
  });
});
