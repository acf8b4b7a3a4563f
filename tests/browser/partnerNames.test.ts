import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { loadDeckPartner } from '../../src/registry/slideRegistry.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { QUESTION_ENTITY } from '../../schemas/questionPaths.ts';

// Each partner's own name, in chromium against the local platform serving the built deck, with two partners at once
// and a distinctive deck-wide partner: each sees their own line on the cover from the first frame
// (a MutationObserver installed before the page's first byte sees no other name, ever), with
// JavaScript on and off, and nothing partner A's browser receives (pages, chunks, API, socket
// frames) names partner B, holds B's questions, or names the deck-wide partner.

const DECOY = { name: 'Quokka Decoy Lending', licence: 'NMLS #4242424' };
const ALPHA = { email: 'ann@alpha-lending.test', password: 'alpha-password-123', prepared_for: { name: 'Ann Alpha', company: 'Alpha Lending Corp' } };
const BETA = { email: 'bo@beta-bank.test', password: 'beta-password-12345', prepared_for: { name: 'Bo Beta', company: 'Beta Bank Group' } };

let p: TestPlatform;
let browser: Browser;
/** The built deck's own deck-wide partner (its chunk), which a partner with a Prepared-for must not receive either. */
let builtPartner: { name: string; licence: string };
const deckYamlPartner = loadContent(process.cwd()).content!.settings.partner;

beforeAll(async () => {
  builtPartner = await loadDeckPartner();
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck', partner: DECOY });
  const admin = await p.login(ADMIN.email, ADMIN.password);
  for (const partner of [ALPHA, BETA]) {
    const invited = await p.call('POST', '/users/invite-user', {
      token: admin,
      body: { user_email: partner.email, role: 'user', prepared_for: partner.prepared_for },
    });
    expect(invited.status).toBe(200);
    const token = await registeredUser(p, partner.email, partner.password, false);
    // Each asks a question on the cover: its words are theirs alone, like their name.
    const asked = await p.call('POST', `/entities/${QUESTION_ENTITY}`, { token, body: { path: '/', question: QUESTIONS.get(partner)! } });
    expect(asked.status).toBe(200);
  }
  browser = await testChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** A question each partner asks, in words no other text holds. */
const QUESTIONS = new Map([
  [ALPHA, 'Does the wombat clause cover the Alpha side letter?'],
  [BETA, 'Is the platypus tranche still open for Beta?'],
]);

// The built deck-wide partner is empty while deck.yaml's is a sample (the chunk carries no sample's
// words); deck.yaml's own values are forbidden then, and an empty name forbids nothing.
const forbiddenFor = (other: typeof ALPHA) =>
  [
    QUESTIONS.get(other)!,
    other.prepared_for.name,
    other.prepared_for.company,
    other.email,
    DECOY.name,
    DECOY.licence,
    builtPartner.name,
    builtPartner.licence,
    deckYamlPartner.name,
    deckYamlPartner.licence,
  ].filter((name) => name !== '');

/** A context signed in as `partner`: the session cookie (pages) and the stored token (the deck's client). */
async function signedIn(partner: typeof ALPHA, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });
  const reply = await context.request.post(`${p.url}/api/apps/${p.appId}/auth/login`, { data: { email: partner.email, password: partner.password } });
  expect(reply.status()).toBe(200);
  const { access_token: token } = (await reply.json()) as { access_token: string };
  await context.addInitScript((value) => {
    if (!localStorage.getItem('base44_access_token')) localStorage.setItem('base44_access_token', value);
  }, token);
  return context;
}

/** Every text the document ever held, from before its first byte: each added node's text and each text change. */
async function watchTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const footer: string[] = [];
    (window as unknown as { __seen: string[]; __footer: string[] }).__seen = seen;
    (window as unknown as { __footer: string[] }).__footer = footer;
    const note = (node: Node) => {
      const text = node.textContent;
      if (text) seen.push(text);
      const strong = node instanceof Element ? node.querySelector('strong[data-partner="line"]') : null;
      if (strong) footer.push(strong.textContent ?? '');
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') {
          note(record.target);
          if (record.target.parentElement?.matches('strong[data-partner="line"]')) footer.push(record.target.textContent ?? '');
        }
        record.addedNodes.forEach(note);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

describe('two partners at once', () => {
  it('each sees their own line from the first frame; nothing they receive names the other partner or the deck-wide one', async () => {
    for (const [me, other] of [
      [ALPHA, BETA],
      [BETA, ALPHA],
    ] as const) {
      const context = await signedIn(me);
      const page = await context.newPage();
      const received: Array<Promise<string>> = [];
      page.on('response', (response) => received.push(response.text().catch(() => '')));
      // A hydration that found other text than the server sent would say so here (and re-render).
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      const frames: string[] = [];
      page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
      await watchTexts(page);
      await page.goto(`${p.url}/`);
      const line = `${me.prepared_for.name}, ${me.prepared_for.company}`;
      // A move of the pointer, as a reader's: their questions load, and their own shows beside the cover.
      await page.mouse.move(200, 300);
      await expect.poll(() => page.locator('aside.page-questions').textContent(), { timeout: 15_000 }).toContain(QUESTIONS.get(me)!);
      // The served HTML already names this partner: the first paint is right.
      const served = await context.request.get(`${p.url}/`);
      expect(await served.text()).toContain(`<strong data-partner="line">${line}</strong>`);
      // Once the deck has hydrated and its session runs (the account menu is there), nothing swapped.
      await page
        .getByRole('button', { name: /account/i })
        .first()
        .waitFor();
      expect(await page.locator('.partner-footer').textContent()).toBe(`Prepared for ${line}`);
      const watched = () =>
        page.evaluate(() => ({
          seen: (window as unknown as { __seen: string[] }).__seen,
          footer: (window as unknown as { __footer: string[] }).__footer,
        }));
      const cover = await watched();
      // The contact page, loaded afresh (the observer starts again before its first byte).
      await page.goto(`${p.url}/contact`);
      await page
        .getByRole('button', { name: /account/i })
        .first()
        .waitFor();
      await expect.poll(() => page.textContent('main')).toContain(`This proposal is prepared for ${me.prepared_for.company},`);
      const contact = await watched();
      const seen = [...cover.seen, ...contact.seen];
      const footer = cover.footer;
      expect(seen.length).toBeGreaterThan(10);
      const bodies = await Promise.all(received);
      expect(bodies.length).toBeGreaterThan(5);
      for (const name of forbiddenFor(other)) {
        expect(
          seen.filter((text) => text.includes(name)),
          `a text node named ${name}`,
        ).toEqual([]);
        expect(
          bodies.filter((body) => body.includes(name)).map((body) => body.slice(0, 120)),
          `a response named ${name}`,
        ).toEqual([]);
        expect(
          frames.filter((frame) => frame.includes(name)),
          `a socket frame named ${name}`,
        ).toEqual([]);
      }
      // The cover's line was this partner's in every state the observer saw.
      expect(footer.length).toBeGreaterThan(0);
      expect(new Set(footer)).toEqual(new Set([line]));
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("an admin's edit of a partner's Prepared-for reaches their open deck live, and no one else's", async () => {
    const alpha = await signedIn(ALPHA);
    const alphaPage = await alpha.newPage();
    const beta = await signedIn(BETA);
    const betaPage = await beta.newPage();
    const betaFrames: string[] = [];
    betaPage.on('websocket', (socket) => socket.on('framereceived', (frame) => betaFrames.push(String(frame.payload))));
    for (const page of [alphaPage, betaPage]) {
      await page.goto(`${p.url}/contact`);
      await page
        .getByRole('button', { name: /account/i })
        .first()
        .waitFor();
    }
    // The access socket is up once the live viewer list has this tab (its presence report went over it).
    await expect.poll(() => betaFrames.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const alphaId = (await p.call('GET', '/entities/User/me', { token: await p.login(ALPHA.email, ALPHA.password) })).body.id as string;
    const renamed = { name: 'Ann Alpha', company: 'Alpha Renamed Holdings' };
    const started = Date.now();
    expect((await p.call('PUT', `/entities/User/${alphaId}`, { token: admin, body: { prepared_for: renamed } })).status).toBe(200);
    await expect.poll(() => alphaPage.textContent('main'), { timeout: 5000 }).toContain(`This proposal is prepared for ${renamed.company},`);
    console.log(`[partner] an edited Prepared-for reached the open deck in ${Date.now() - started} ms`);
    // Partner B's deck still names B, and B's socket never carried A's new name.
    expect(await betaPage.textContent('main')).toContain(`This proposal is prepared for ${BETA.prepared_for.company},`);
    expect(betaFrames.filter((frame) => frame.includes(renamed.company))).toEqual([]);
    // Put back for the other tests.
    expect((await p.call('PUT', `/entities/User/${alphaId}`, { token: admin, body: { prepared_for: ALPHA.prepared_for } })).status).toBe(200);
    await expect.poll(() => alphaPage.textContent('main'), { timeout: 5000 }).toContain(`This proposal is prepared for ${ALPHA.prepared_for.company},`);
    await alpha.close();
    await beta.close();
  });

  it("an admin's View as shows that person's partner and says whose deck it is", async () => {
    const token = await p.login(ADMIN.email, ADMIN.password);
    const people = (await p.call('GET', '/entities/User', { token })).body as Array<{ id: string; email: string }>;
    const alpha = people.find((person) => person.email === ALPHA.email)!;
    const context = await signedIn({ ...ALPHA, email: ADMIN.email, password: ADMIN.password });
    const page = await context.newPage();
    await page.goto(`${p.url}/?view_as=${encodeURIComponent(alpha.id)}`);
    await expect.poll(() => page.locator('.partner-footer').textContent()).toBe(`Prepared for ${ALPHA.prepared_for.name}, ${ALPHA.prepared_for.company}`);
    // A bar above the page says whose deck it is and leads back to People.
    const bar = page.getByRole('complementary', { name: 'Viewing as someone else' });
    await expect.poll(() => bar.textContent()).toContain(`Viewing as ${ALPHA.email}, prepared for ${ALPHA.prepared_for.name}, ${ALPHA.prepared_for.company}.`);
    expect(await bar.getByRole('link', { name: 'Back to People' }).getAttribute('href')).toBe('/admin#admin-people');
    // Nobody else's partner is on the page, the deck-wide one included.
    for (const name of forbiddenFor(BETA)) expect(await page.textContent('body')).not.toContain(name);
    // The admin's own deck, without view_as, says nothing of the kind.
    await page.goto(`${p.url}/market`);
    await page.locator('#slide-title').waitFor();
    expect(await page.getByRole('complementary', { name: 'Viewing as someone else' }).count()).toBe(0);
    expect(await page.textContent('body')).not.toContain('Viewing as');
    await context.close();
  });

  it('with JavaScript off, the cover and the contact page name the viewer’s own partner', async () => {
    const context = await signedIn(ALPHA, false);
    const page = await context.newPage();
    await page.goto(`${p.url}/`);
    expect(await page.locator('.partner-footer').textContent()).toBe(`Prepared for ${ALPHA.prepared_for.name}, ${ALPHA.prepared_for.company}`);
    expect(await page.locator('.partner-footer').isVisible()).toBe(true);
    await page.goto(`${p.url}/contact`);
    expect(await page.textContent('main')).toContain(`This proposal is prepared for ${ALPHA.prepared_for.company},`);
    for (const name of forbiddenFor(BETA)) expect(await page.content()).not.toContain(name);
    await context.close();
  });
});
