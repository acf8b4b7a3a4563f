import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_ENTITY, type SlideViewRecord } from '../../schemas/engagementPaths.ts';
import { FIGURES_FILE, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { VERSION_CHANGES_FUNCTION, type ViewerChanges } from '../../schemas/versionPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { eventually } from '../support/waitFor.ts';
import { axeViolations } from './axeViolations.ts';

// Deck versions end to end: a partner reads the deck; the build changes one ledger figure and the platform
// restarts on the same data; the partner comes back to a notice, a "What changed" dialog and the
// marked figure, none of which the next visit shows again, and a first-time viewer never sees.

const FIGURE = 'market.homeEquity';
const OLD = '$13.95T';
const NEW = '$13.96T';
const PARTNER = { email: 'partner@lender.example', password: 'partner-password-1' };
/** A viewer who read the first version only. */
const EARLY = { email: 'early@bank.example', password: 'early-password-1' };

let work: string;
let dataDir: string;
// The build being served: a folder holding dist/ and dist-server/. A rebuild is a new folder, since
// this process's static server keeps what it read of the old one (a real restart is a new process).
let buildDir: string;
let p: TestPlatform;
let browser: Browser;
const contexts: BrowserContext[] = [];

const start = () => startTestPlatform('private_with_login', { staticDir: join(buildDir, 'dist'), appId: 'investor-deck', dataDir });

/** "The build" again with one figure changed: its ledger and every served file that shows the figure. */
function rebuildWithNewFigure(): void {
  const next = join(work, 'build-2');
  cpSync(buildDir, next, { recursive: true });
  buildDir = next;
  const file = join(buildDir, NOTES_DIR, FIGURES_FILE);
  const ledger = JSON.parse(readFileSync(file, 'utf8')) as LedgerSnapshot;
  const figure = ledger.figures[FIGURE]!;
  expect(figure.text).toBe(OLD);
  ledger.figures[FIGURE] = { ...figure, text: NEW, value: JSON.parse(JSON.stringify(figure.value).replace('13950000000000', '13960000000000')) };
  writeFileSync(file, JSON.stringify(ledger));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(html|js)$/.test(name)) {
        const text = readFileSync(path, 'utf8');
        if (text.includes(OLD)) writeFileSync(path, text.replaceAll(OLD, NEW));
      }
    }
  };
  walk(join(buildDir, 'dist'));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'deck-versions-'));
  buildDir = join(work, 'build-1');
  cpSync('dist', join(buildDir, 'dist'), { recursive: true });
  mkdirSync(join(buildDir, NOTES_DIR));
  cpSync(join(NOTES_DIR, FIGURES_FILE), join(buildDir, NOTES_DIR, FIGURES_FILE));
  dataDir = join(work, 'data');
  p = await start();
  const admin = await p.login(ADMIN.email, ADMIN.password);
  const options = await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: admin, body: { recording: true } });
  expect(options.status).toBe(200);
  await registeredUser(p, PARTNER.email, PARTNER.password);
  await registeredUser(p, 'newcomer@bank.example', 'newcomer-password-1');
  await registeredUser(p, EARLY.email, EARLY.password);
  browser = await testChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await p?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A new browser context (a new visit) signed in as `email`. */
async function visit(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const reply = await context.request.post(`${p.url}/api/apps/${p.appId}/auth/login`, { data: { email, password } });
  expect(reply.status()).toBe(200);
  const { access_token: token } = (await reply.json()) as { access_token: string };
  await context.addInitScript((value) => {
    if (!localStorage.getItem('base44_access_token')) localStorage.setItem('base44_access_token', value);
  }, token);
  return context.newPage();
}

/** Opens `path` and returns what the platform answered the page's "what changed" question. */
async function openAndAsk(page: Page, path: string): Promise<ViewerChanges> {
  const answer = page.waitForResponse((response) => response.url().endsWith(`/functions/${VERSION_CHANGES_FUNCTION}`));
  await page.goto(`${p.url}${path}`);
  return (await (await answer).json()) as ViewerChanges;
}

/**
 * Leaves `page` as a partner closes a tab, and waits for their view records of `version`: the page's
 * last flush. The page closes first and its context only after: the flush is a keepalive request,
 * which outlives the page but not its profile (closing the context at once lost it on a busy machine).
 */
async function leave(page: Page, email: string, version: string | null): Promise<void> {
  await page.close();
  const admin = await p.login(ADMIN.email, ADMIN.password);
  await eventually(
    async () => {
      const records = (await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.view}?limit=500`, { token: admin })).body as SlideViewRecord[];
      const mine = records.filter((record) => record.created_by === email && (record.version_id ?? null) === version);
      expect(mine.length).toBeGreaterThan(0);
    },
    { timeoutMs: 15_000, what: `${email}'s view records of version ${version}` },
  );
  await page.context().close();
}

const currentVersion = async () => (await p.call('GET', '/entities/DeckVersion', { token: p.serviceToken })).body.current as string;

describe('a returning partner sees what changed', () => {
  it('tells the partner once, with the dialog and the marked figure; a first-time viewer sees none of it', async () => {
    const firstVersion = await currentVersion();
    const first = await visit(PARTNER.email, PARTNER.password);
    expect(await openAndAsk(first, '/market')).toEqual({});
    await expect.poll(() => first.locator('main').textContent()).toContain(OLD);
    await leave(first, PARTNER.email, firstVersion);
    const early = await visit(EARLY.email, EARLY.password);
    expect(await openAndAsk(early, '/')).toEqual({});
    await leave(early, EARLY.email, firstVersion);

    await p.close();
    rebuildWithNewFigure();
    p = await start();
    const secondVersion = await currentVersion();
    expect(secondVersion).not.toBe(firstVersion);

    // The console lists both versions, newest first, with the figure old → new; the admin notes the new one.
    const owner = await visit(ADMIN.email, ADMIN.password);
    await owner.goto(`${p.url}/admin#admin-versions`);
    const versions = owner.locator('section[aria-labelledby="admin-versions"]');
    const cards = versions.getByRole('list', { name: 'Versions, newest first' }).locator(':scope > li');
    await expect.poll(() => cards.count()).toBe(2);
    const newest = cards.first();
    expect(await newest.textContent()).toContain('served now');
    expect(await newest.textContent()).toContain(`${OLD} → ${NEW}`);
    expect(await cards.last().textContent()).toContain('The first version recorded');
    await newest.getByLabel('Note for viewers').fill('Q3 figures');
    await newest.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => newest.getByRole('status').textContent()).toBe('Saved.');
    expect((await p.call('GET', '/entities/DeckVersion', { token: p.serviceToken })).body.versions[0].note).toBe('Q3 figures');
    expect(await axeViolations(owner, 'the console with its versions')).toEqual([]);
    await owner.screenshot({ path: join(tmpdir(), 'deck-versions-console.png'), fullPage: false });
    await owner.context().close();

    const back = await visit(PARTNER.email, PARTNER.password);
    const told = await openAndAsk(back, '/market');
    expect(told.notice).toBe(true);
    const notice = back.getByRole('complementary', { name: 'Deck updated' });
    await expect.poll(() => notice.textContent()).toMatch(/^Updated since your visit on \d{1,2} [A-Z][a-z]+: 1 figure on \d+ pages/);
    // The changed figure, marked in words on this page.
    const mark = back.locator('.figure-updated').first();
    await expect.poll(() => mark.textContent()).toBe(` (updated, was ${OLD})`);
    await expect.poll(() => back.locator('main').textContent()).toContain(NEW);

    await notice.getByRole('button', { name: /1 figure on/ }).click();
    const dialog = back.getByRole('dialog', { name: 'What changed' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const text = await dialog.textContent();
    expect(text).toContain(`now ${NEW}, was ${OLD}`);
    expect(text).toContain('Q3 figures');
    // Each page as the partner reads it at its top, by its title (not the deck's internal name).
    expect(await dialog.getByRole('link', { name: 'A large, underserved home-equity market' }).getAttribute('href')).toBe('/market');
    expect(text).not.toContain('ExecutiveSummary');
    expect(await axeViolations(back, 'notice and What changed dialog')).toEqual([]);
    await back.screenshot({ path: join(tmpdir(), 'deck-versions-dialog.png') });
    await back.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Dismissed, the notice stays gone for the visit; the mark stays until the visit ends.
    await notice.getByRole('button', { name: 'Dismiss the update notice' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await back.reload();
    await expect.poll(() => back.locator('.figure-updated').count()).toBeGreaterThan(0);
    expect(await back.getByRole('complementary', { name: 'Deck updated' }).count()).toBe(0);
    await leave(back, PARTNER.email, secondVersion);

    // The next visit: no notice, and the page seen last time is no longer marked.
    const later = await visit(PARTNER.email, PARTNER.password);
    const next = await openAndAsk(later, '/market');
    expect(next.notice).toBe(false);
    expect(next.marks?.['/market']).toBeUndefined();
    await expect.poll(() => later.locator('main').textContent()).toContain(NEW);
    expect(await later.locator('.figure-updated').count()).toBe(0);
    expect(await later.getByRole('complementary', { name: 'Deck updated' }).count()).toBe(0);

    // A first-time viewer: nothing to tell, and the notice's code never loads.
    const newcomer = await visit('newcomer@bank.example', 'newcomer-password-1');
    const scripts: string[] = [];
    newcomer.on('request', (request) => scripts.push(request.url()));
    expect(await openAndAsk(newcomer, '/market')).toEqual({});
    await expect.poll(() => newcomer.locator('main').textContent()).toContain(NEW);
    expect(scripts.filter((url) => /WhatChanged/.test(url))).toEqual([]);
    expect(await newcomer.locator('.figure-updated, .whats-new').count()).toBe(0);
    await leave(newcomer, 'newcomer@bank.example', secondVersion);

    // Engagement per version: the first version was read by the partner and the early viewer, the
    // second by the partner and the newcomer; each viewer's row names the version they last saw.
    const admin = await visit(ADMIN.email, ADMIN.password);
    await admin.goto(`${p.url}/admin#admin-engagement`);
    const engagement = admin.locator('section[aria-labelledby="admin-engagement"]');
    const viewersLine = engagement.locator('.engagement-summary p');
    await expect.poll(() => viewersLine.textContent()).toMatch(/^3 viewers,/);
    const viewerTable = engagement.getByRole('table', { name: /^Viewers \(3\)/ });
    expect(await viewerTable.locator('thead th').allTextContents()).toContain('Last version seen');
    const lastSeen = (email: string) => viewerTable.locator(`tr[data-viewer="${email}"] td[data-version]`);
    // Version 2 carries the note saved above (short, so it is shown) and is the one served now.
    await expect.poll(() => lastSeen(PARTNER.email).textContent()).toBe('Version 2, Q3 figures · served now');
    expect(await lastSeen(PARTNER.email).getAttribute('data-version')).toBe(secondVersion);
    expect(await lastSeen('newcomer@bank.example').textContent()).toBe('Version 2, Q3 figures · served now');
    expect(await lastSeen(EARLY.email).getAttribute('data-version')).toBe(firstVersion);
    expect(await lastSeen(EARLY.email).textContent()).toMatch(/^Version 1, \d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    const version = engagement.getByLabel('Version');
    // The version list arrives after the tally: wait for it rather than read the options once.
    await expect
      .poll(() => version.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value)))
      .toEqual(['', secondVersion, firstVersion]);
    await version.selectOption(firstVersion);
    await expect.poll(() => viewersLine.textContent()).toMatch(/^2 viewers,/);
    expect(await engagement.locator('.engagement-layout').textContent()).toContain(PARTNER.email);
    expect(await engagement.locator('.engagement-layout').textContent()).not.toContain('newcomer@bank.example');
    // One version's views: the version each viewer last saw is still over every version.
    const filtered = engagement.getByRole('table', { name: /^Viewers \(2\)/ });
    expect(await filtered.locator(`tr[data-viewer="${PARTNER.email}"] td[data-version]`).getAttribute('data-version')).toBe(secondVersion);
    expect(await filtered.locator(`tr[data-viewer="${EARLY.email}"] td[data-version]`).getAttribute('data-version')).toBe(firstVersion);
    await version.selectOption(secondVersion);
    await expect.poll(() => viewersLine.textContent()).toMatch(/^2 viewers,/);
    expect(await engagement.locator('.engagement-layout').textContent()).not.toContain(EARLY.email);
    expect(await axeViolations(admin, 'engagement filtered by version')).toEqual([]);
    await engagement.screenshot({ path: join(tmpdir(), 'deck-versions-engagement.png') });
    await admin.context().close();
  }, 240_000);
});
