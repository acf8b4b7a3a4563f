import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_META } from '../../schemas/viewerPartner.ts';
import { contentSecurityPolicy } from '../../src/platform/http/contentSecurityPolicy.ts';
import { ADMIN, fakeDeck, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// Every partner sees only their own name. The local platform fills the pages' partner
// slots with the viewer's Prepared-for (else the deck-wide partner) as it serves them; no byte one
// partner receives (pages, the partner chunk, their user record) names another partner or the
// deck-wide one. The pages stand in for the prerender's: empty slots, an inline script.

const DECK_WIDE = { name: 'Zephyr Decoy Lending', licence: 'NMLS #7777777' };
const ALPHA = { email: 'ann@alpha-lending.example', prepared_for: { name: 'Ann Alpha', company: 'Alpha & <Lending> Corp' } };
const BETA = { email: 'bo@beta-bank.example', prepared_for: { name: 'Bo Beta', company: 'Beta Bank Group' } };
const PLAIN = 'carl@gamma.example';
const PARTNER_CHUNK = '/assets/content/partner-Ab12Cd34.js';

const head = '<!doctype html><html lang="en"><head><title>Cover</title><script>window.__boot = 1;</script></head>';
const pages = {
  'index.html': `${head}<body><div id="root"><p class="partner-footer" hidden="">Prepared for <strong data-partner="line"></strong><span data-partner="suffix"></span></p></div></body></html>`,
  'contact.html': `${head}<body><div id="root"><p>This proposal is prepared for <span data-partner="name"></span>, and we welcome a conversation.</p></div></body></html>`,
  '_gate.html': '<!doctype html><html><head></head><body>GATE SHELL</body></html>',
  '404.html': '<p>NOT HERE</p>',
  'assets/content/partner-Ab12Cd34.js': `export const partner = ${JSON.stringify(DECK_WIDE)};`,
  'assets/content/registry-Zz99.js': 'export const settings = {"company":{"name":"Holdings"}};',
};

let p: TestPlatform;
let deck: { dir: string; remove(): void };
const tokens: Record<string, string> = {};

async function get(path: string, token: string | undefined, encoding = 'gzip') {
  const headers: Record<string, string> = { 'Accept-Encoding': encoding };
  if (token) headers.Cookie = `deck_session=${token}`;
  const response = await fetch(`${p.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const namesOf = (partner: typeof ALPHA) =>
  [partner.email, partner.prepared_for.name, partner.prepared_for.company, 'Alpha &amp; &lt;Lending&gt; Corp'].filter(
    (name) => partner === ALPHA || !name.includes('Alpha'),
  );
const decoyNames = [DECK_WIDE.name, DECK_WIDE.licence];

beforeAll(async () => {
  deck = fakeDeck(pages);
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, partner: DECK_WIDE });
  for (const partner of [ALPHA, BETA]) {
    const invited = await p.call('POST', '/users/invite-user', {
      token: p.serviceToken,
      body: { user_email: partner.email, role: 'user', prepared_for: partner.prepared_for },
    });
    expect(invited.status).toBe(200);
    tokens[partner.email] = await registeredUser(p, partner.email, 'partner-password-1', false);
  }
  tokens[PLAIN] = await registeredUser(p, PLAIN);
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck?.remove();
});

describe("each partner's pages name that partner only", () => {
  it("fills the cover and the contact page with the viewer's own Prepared-for, escaped, as served (no script needed)", async () => {
    const cover = await get('/', tokens[ALPHA.email]);
    expect(cover.status).toBe(200);
    expect(cover.text).toContain(
      '<p class="partner-footer">Prepared for <strong data-partner="line">Ann Alpha, Alpha &amp; &lt;Lending&gt; Corp</strong><span data-partner="suffix"></span>',
    );
    const contact = await get('/contact', tokens[ALPHA.email]);
    expect(contact.text).toContain('prepared for <span data-partner="name">Alpha &amp; &lt;Lending&gt; Corp</span>, and we welcome');
    // The script hydrates from the same values, handed over in the head.
    const meta = new RegExp(`<meta name="${PARTNER_META}" content='([^']+)' />`).exec(contact.text)?.[1];
    expect(meta).not.toContain('<');
    const parsed = JSON.parse(
      meta!
        .replace(/&lt;/g, '<')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&'),
    );
    expect(parsed).toEqual({ name: 'Alpha & <Lending> Corp', line: 'Ann Alpha, Alpha & <Lending> Corp', licence: '' });
  });

  it('never sends one partner the other partner or the deck-wide partner, in any page, encoding or their record', async () => {
    for (const [me, other] of [
      [ALPHA, BETA],
      [BETA, ALPHA],
    ] as const) {
      const received: string[] = [];
      for (const path of ['/', '/contact', '/no-such-page']) {
        for (const encoding of ['gzip', 'br', 'identity']) received.push((await get(path, tokens[me.email], encoding)).text);
      }
      received.push(JSON.stringify((await p.call('GET', '/entities/User/me', { token: tokens[me.email] })).body));
      const partnerChunk = await get(PARTNER_CHUNK, tokens[me.email]);
      expect(partnerChunk.status).toBe(404);
      received.push(partnerChunk.text);
      const all = received.join('\n');
      expect(all).toContain(me.prepared_for.name);
      for (const name of [...namesOf(other), ...decoyNames]) expect(all, `${me.email} received ${name}`).not.toContain(name);
    }
  });

  it('gives a viewer without a Prepared-for the deck-wide partner with its licence, and its chunk', async () => {
    const cover = await get('/', tokens[PLAIN]);
    expect(cover.text).toContain(
      `Prepared for <strong data-partner="line">${DECK_WIDE.name}</strong><span data-partner="suffix"> · ${DECK_WIDE.licence}</span>`,
    );
    for (const name of [...namesOf(ALPHA), ...namesOf(BETA)]) expect(cover.text).not.toContain(name);
    const chunk = await get(PARTNER_CHUNK, tokens[PLAIN]);
    expect(chunk.status).toBe(200);
    expect(chunk.text).toContain(DECK_WIDE.name);
  });

  it('gives a signed-out visitor the gate page and not the partner chunk: no name at all', async () => {
    const cover = await get('/', undefined);
    expect(cover.text).toContain('GATE SHELL');
    expect((await get(PARTNER_CHUNK, undefined)).status).toBe(404);
    for (const name of [...namesOf(ALPHA), ...namesOf(BETA), ...decoyNames]) expect(cover.text).not.toContain(name);
  });

  it('sends the policy computed from the personal bytes it sends', async () => {
    const cover = await get('/', tokens[ALPHA.email], 'identity');
    const policy = cover.headers.get('content-security-policy')!;
    expect(policy).toBe(contentSecurityPolicy(cover.text, { frameAncestors: ["'self'"], report: true }));
    expect(policy).toContain("'sha256-");
  });

  it('lets an admin open the deck as a person sees it (?view_as=ID), and ignores view_as from anyone else', async () => {
    const alphaId = (await p.call('GET', '/entities/User/me', { token: tokens[ALPHA.email] })).body.id as string;
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const asAlpha = await get(`/contact?view_as=${alphaId}`, admin);
    expect(asAlpha.status).toBe(200);
    expect(asAlpha.text).toContain('<span data-partner="name">Alpha &amp; &lt;Lending&gt; Corp</span>');
    // The page keeps the viewed person's partner (the meta says whose deck it is).
    expect(asAlpha.text).toContain(`"viewing":"${ALPHA.email}"`);
    // Partner B asking to view as A gets B's own page: never A's name.
    const sneaky = await get(`/contact?view_as=${alphaId}`, tokens[BETA.email]);
    expect(sneaky.text).toContain('<span data-partner="name">Beta Bank');
    for (const name of namesOf(ALPHA)) expect(sneaky.text).not.toContain(name);
    // An unknown id is the admin's own view (the deck-wide partner).
    expect((await get('/contact?view_as=no-such-person', admin)).text).toContain(`<span data-partner="name">${DECK_WIDE.name}</span>`);
  });

  it("shows an admin's edit of a Prepared-for on the person's next page, and never the old name", async () => {
    const me = await p.call('GET', '/entities/User/me', { token: tokens[BETA.email] });
    const edited = await p.call('PUT', `/entities/User/${me.body.id}`, {
      token: p.serviceToken,
      body: { prepared_for: { name: 'Bo Beta', company: 'Beta Bank Renamed' } },
    });
    expect(edited.status).toBe(200);
    const contact = await get('/contact', tokens[BETA.email]);
    expect(contact.text).toContain('<span data-partner="name">Beta Bank Renamed</span>');
    expect(contact.text).not.toContain('Beta Bank Group');
  });
});
