import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK_PDF_FILE, DECK_PDF_PATH, ENGAGEMENT_ENTITY, stampText } from '../../schemas/engagementPaths.ts';
import { VIEW_AS_PARAM } from '../../schemas/viewAs.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';
import { partnerPdfFile } from '../../src/platform/files/partnerPdf.ts';
import { pdfOfPages, pdfPages } from '../support/pdfText.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, fakeDeck, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { ALPHA, BETA, expectOnlyOwn, invitePartners, type Partner, type SignedInPartner, twoPartners, who } from './twoPartners.ts';

// Each partner's own PDF, with two partners at two companies: the deck printed for their own
// "Prepared for" (a pdf-lib stand-in for the export's print, which tests/browser/partnerPdf.test.ts
// runs for real), kept per partner and build, and stamped per viewer. What arrives is read back with
// pdftotext: which partner it names, and whose address is stamped on it.

const DECK_WIDE = { name: 'Zephyr Decoy Lending', licence: 'NMLS #7777777' };

let p: TestPlatform;
let deck: { dir: string; remove(): void };
let work: string;
let admin: string;
let alpha: SignedInPartner;
let beta: SignedInPartner;
/** The partner lines printed, one entry per print. */
const printed: string[] = [];
/** A print for a company named here waits until its entry is released (a slow chromium), then fails if given an error. */
const held = new Map<string, { release: Promise<void>; failure?: Error }>();

/** The stand-in print: two pages naming the partner as the cover and the contact page do. */
async function print(partner: ViewerPartner, target: string): Promise<void> {
  const hold = held.get(partner.name);
  if (hold) {
    await hold.release;
    if (hold.failure) throw hold.failure;
  }
  printed.push(partner.line);
  writeFileSync(target, await pdfOfPages([`Prepared for ${partner.line}`, `This proposal is prepared for ${partner.name}`]));
}

/** Holds the prints for `partner`'s company (the name a partner's PDF is printed under) until the returned function is called. */
function holdPrints(partner: Partner, failure?: Error): () => void {
  let release!: () => void;
  held.set(partner.prepared_for.company, { release: new Promise<void>((resolve) => (release = resolve)), failure });
  return release;
}

async function download(token: string, query = '') {
  const response = await fetch(`${p.url}${DECK_PDF_PATH}${query}`, { headers: { Cookie: `deck_session=${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${DECK_PDF_PATH}${query}: ${response.status} ${Buffer.from(bytes).toString('utf8')}`);
  return pdfPages(bytes);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'partner-pdf-'));
  deck = fakeDeck({ 'index.html': '<h1>COVER</h1>', '_gate.html': '<p>GATE</p>', '404.html': '<p>NOT HERE</p>' });
  writeFileSync(join(deck.dir, DECK_PDF_FILE), await pdfOfPages([`Prepared for ${DECK_WIDE.name}`]));
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, partner: DECK_WIDE, pdfDir: join(work, 'pdf'), renderPartnerPdf: print });
  admin = await p.login(ADMIN.email, ADMIN.password);
  expect((await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: admin, body: { downloads: true } })).status).toBe(200);
  [alpha, beta] = await twoPartners(p, admin);
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe("each partner's own PDF", () => {
  it('is printed for that partner: two partners at two companies each get their own, stamped with their own address', async () => {
    for (const partner of [alpha, beta, alpha]) {
      const text = (await download(partner.token)).join('\n');
      expectOnlyOwn(text, partner, 'the PDF', [
        `Prepared for ${partner.prepared_for.name}, ${partner.prepared_for.company}`,
        stampText(partner.email, new Date()),
      ]);
      expect(text, `the PDF for ${who(partner)} names the deck-wide partner`).not.toContain(DECK_WIDE.name);
    }
  });

  it('is printed once per partner and build, kept, and printed again for a new build', async () => {
    await eventually(() => printed.length === 2, { what: 'both partners printed ahead of their downloads' });
    expect([...printed].sort(), 'one print for each partner').toEqual([
      `${ALPHA.prepared_for.name}, ${ALPHA.prepared_for.company}`,
      `${BETA.prepared_for.name}, ${BETA.prepared_for.company}`,
    ]);
    // A colleague of Ann's with the same Prepared-for gets the same print, stamped with their own address.
    const colleague = 'cy@alpha-lending.example';
    await p.call('POST', '/users/invite-user', { token: admin, body: { user_email: colleague, role: 'user', prepared_for: ALPHA.prepared_for } });
    const text = (await download(await registeredUser(p, colleague, 'cy-password-12345', false))).join('\n');
    expect(text).toContain(stampText(colleague, new Date()));
    expect(text).not.toContain(ALPHA.email);
    expect(printed, 'no second print of one partner').toHaveLength(2);

    // A new build (its cover changed) is printed again, for each partner as they ask.
    writeFileSync(join(deck.dir, 'index.html'), '<h1>COVER, REBUILT</h1>');
    expectOnlyOwn((await download(beta.token)).join('\n'), beta, 'the PDF of the new build', [`Prepared for ${BETA.prepared_for.name}`]);
    expect(printed).toHaveLength(3);
  });

  it("is printed once when a partner's first downloads come at once", async () => {
    const partner = { email: 'di@delta-credit.example', prepared_for: { name: 'Di Delta', company: 'Delta Credit Union' } };
    // Downloads off while invited: nothing is printed ahead.
    const options = (await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: admin })).body[0];
    await p.call('PUT', `/entities/${ENGAGEMENT_ENTITY.options}/${options.id}`, { token: admin, body: { downloads: false } });
    await p.call('POST', '/users/invite-user', { token: admin, body: { user_email: partner.email, role: 'user', prepared_for: partner.prepared_for } });
    const token = await registeredUser(p, partner.email, 'di-password-123456', false);
    await p.call('PUT', `/entities/${ENGAGEMENT_ENTITY.options}/${options.id}`, { token: admin, body: { downloads: true } });
    const before = printed.length;
    const copies = await Promise.all([download(token), download(token), download(token)]);
    for (const copy of copies) expect(copy.join('\n')).toContain('Prepared for Di Delta, Delta Credit Union');
    expect(printed.length - before, 'three downloads at once, one print').toBe(1);
  });
});

describe('an admin’s "View as" download', () => {
  it("is the viewed partner's PDF, stamped with the admin's own address, and the audit log names the admin and whose PDF it is", async () => {
    for (const partner of [alpha, beta]) {
      const text = (await download(admin, `?${VIEW_AS_PARAM}=${partner.id}`)).join('\n');
      expectOnlyOwn(text, partner, 'the admin’s "View as" PDF', [`Prepared for ${partner.prepared_for.name}, ${partner.prepared_for.company}`]);
      expect(text, `the admin's copy of ${who(partner)}'s PDF must carry the admin's address, never the partner's`).toContain(
        stampText(ADMIN.email, new Date()),
      );
      expect(text, `the admin's copy of ${who(partner)}'s PDF is stamped with ${partner.email}: if it leaks, the partner is blamed`).not.toContain(
        partner.email,
      );
    }
    // Audited once per partner and version, as the admin's download of that partner's PDF.
    await download(admin, `?${VIEW_AS_PARAM}=${alpha.id}`);
    const audit = (await p.call('GET', '/audit-log?action=pdf_downloaded', { token: admin })).body as Array<{
      actor: string;
      target: string;
      detail: { stamped_with?: string };
    }>;
    const admins = audit.filter((entry) => entry.actor === ADMIN.email);
    expect(
      admins.map((entry) => entry.target),
      "the admin's View as downloads name whose PDF each was, once each",
    ).toEqual([beta.email, alpha.email]);
    for (const entry of admins) expect(entry.detail.stamped_with, 'the copy carries the admin’s address').toBe(ADMIN.email);
  });

  it("is ignored from a partner: Bo asking as Ann gets his own PDF, never Ann's", async () => {
    const text = (await download(beta.token, `?${VIEW_AS_PARAM}=${alpha.id}`)).join('\n');
    expectOnlyOwn(text, beta, 'the PDF asked for as another partner', [`Prepared for ${BETA.prepared_for.name}`, stampText(BETA.email, new Date())]);
  });
});

describe('the kept print of a partner', () => {
  const partner: ViewerPartner = { name: 'Gamma Group', line: 'Gil Gamma, Gamma Group', licence: '' };

  it('is a file named for the build and the partner, in the PDF folder', async () => {
    // Two levels that do not exist yet: the folder is made whole.
    const pdfDir = join(work, 'direct', 'pdf');
    const lines: string[] = [];
    const options = { staticDir: deck.dir, pdfDir, render: print, log: (line: string) => lines.push(line) };
    const file = await partnerPdfFile(options, partner);
    expect(file.startsWith(`${pdfDir}/`)).toBe(true);
    expect(file).toMatch(/\/[0-9a-f]{32}\.pdf$/);
    expect(pdfPages(new Uint8Array(readFileSync(file)))[0]).toContain('Gil Gamma, Gamma Group');
    expect(lines).toEqual([expect.stringMatching(/^\[deck\.pdf\] printed the PDF for one partner in \d+ ms$/)]);
    const took = Number(/in (\d+) ms/.exec(lines[0]!)?.[1]);
    expect(took, `the print took ${took} ms by the log, more than a minute for a stand-in print`).toBeLessThan(60_000);
    // The folder holds every partner's print, each naming its partner: its owner's alone.
    const mode = statSync(pdfDir).mode & 0o777;
    expect(mode.toString(8), 'the PDF folder is readable by other users of the machine').toBe('700');
    expect(await partnerPdfFile(options, partner), 'the same partner and build: the kept file').toBe(file);
    expect(await partnerPdfFile(options, { ...partner, line: 'Gil Gamma' }), 'another partner: another file').not.toBe(file);
    expect(await partnerPdfFile({ ...options, staticDir: join(work, 'no-build') }, partner), 'another build: another file').not.toBe(file);
    expect(lines).toHaveLength(3);
  });

  it('is printed once for calls that come while its print is still running', async () => {
    const pdfDir = join(work, 'together');
    let prints = 0;
    const waiting: (() => void)[] = [];
    const slow = async (who: ViewerPartner, target: string) => {
      prints++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      await print(who, target);
    };
    const options = { staticDir: deck.dir, pdfDir, render: slow, log: () => undefined };
    const first = partnerPdfFile(options, partner);
    const second = partnerPdfFile(options, partner);
    await eventually(() => prints > 0, { what: 'the print started' });
    for (const go of waiting) go();
    const [a, b] = await Promise.all([first, second]);
    expect(prints, `two calls during one print started ${prints} prints of one partner`).toBe(1);
    expect(b).toBe(a);
  });

  it('is a 503 that says why when this server cannot print, or the print failed (logged), and a later try prints again', async () => {
    const pdfDir = join(work, 'failing');
    const lines: string[] = [];
    const options = { staticDir: deck.dir, pdfDir, log: (line: string) => lines.push(line) };
    await expect(partnerPdfFile({ ...options, render: undefined }, partner)).rejects.toMatchObject({
      status: 503,
      body: { code: 'pdf_not_available', detail: expect.stringMatching(/cannot print their own PDF.*npm start.*names another partner/) },
    });
    const failing = () => Promise.reject(new Error('chromium crashed'));
    await expect(partnerPdfFile({ ...options, render: failing }, partner)).rejects.toMatchObject({
      status: 503,
      body: { code: 'pdf_render_failed', detail: expect.stringMatching(/could not be printed just now\. Try again in a minute/) },
    });
    expect(lines).toEqual(["[deck.pdf] could not print a partner's PDF: chromium crashed"]);
    await expect(partnerPdfFile({ ...options, render: () => Promise.reject('a string') }, partner)).rejects.toMatchObject({ status: 503 });
    expect(lines.at(-1)).toBe("[deck.pdf] could not print a partner's PDF: a string");
    expect(await partnerPdfFile({ ...options, render: print }, partner)).toMatch(/\.pdf$/);
  });
});

describe("a partner's PDF that takes chromium longer than a moment", () => {
  const CARA: Partner = { email: 'cara@gamma-trust.example', password: 'gamma-password-123', prepared_for: { name: 'Cara Gamma', company: 'Gamma Trust' } };
  const DAN: Partner = { email: 'dan@delta-credit.example', password: 'delta-password-123', prepared_for: { name: 'Dan Delta', company: 'Delta Credit' } };
  const EVE: Partner = { email: 'eve@epsilon-funds.example', password: 'epsilon-password-1', prepared_for: { name: 'Eve Epsilon', company: 'Epsilon Funds' } };

  it('starts the download at once (no length known yet) and sends its own PDF when printed; a kept one goes at once with its length', async () => {
    const release = holdPrints(CARA);
    const [cara] = await invitePartners(p, admin, [CARA]);
    // The print is held: the answer's head arrives after PRINT_GRACE_MS all the same.
    const response = await fetch(`${p.url}${DECK_PDF_PATH}`, { headers: { Cookie: `deck_session=${cara!.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length'), 'a download still being printed has no length yet').toBeNull();
    expect(
      printed.filter((line) => line.includes(CARA.prepared_for.name)),
      'prints of Cara finished before the download began',
    ).toEqual([]);
    let arrived = false;
    const bytes = response.arrayBuffer().finally(() => {
      arrived = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(arrived, 'the bytes came before the print was released').toBe(false);
    release();
    const pages = await pdfPages(new Uint8Array(await bytes));
    expect(pages[0]).toContain(`Prepared for ${CARA.prepared_for.name}`);
    expectOnlyOwn(pages.join('\n'), CARA, 'the slowly printed PDF', [CARA.prepared_for.name], [ALPHA, BETA, CARA]);
    expect(pages.join('\n')).toContain(stampText(CARA.email, new Date()));
    // Printed now: the next download is sent whole, with its length.
    const again = await fetch(`${p.url}${DECK_PDF_PATH}`, { headers: { Cookie: `deck_session=${cara!.token}` } });
    expect(again.status).toBe(200);
    expect(Number(again.headers.get('content-length')), 'a kept PDF is sent with its length').toBe((await again.arrayBuffer()).byteLength);
  });

  it('is a 503 saying why when the print fails within the moment, before any byte was promised', async () => {
    holdPrints(EVE, new Error('chromium is not installed'))();
    const [eve] = await invitePartners(p, admin, [EVE]);
    const response = await fetch(`${p.url}${DECK_PDF_PATH}`, { headers: { Cookie: `deck_session=${eve!.token}` } });
    expect(response.status, 'a print that failed at once').toBe(503);
    expect(await response.json()).toMatchObject({ code: 'pdf_render_failed' });
  });

  it('ends a started download as failed when the print fails after the moment, and says why in the log', async () => {
    const release = holdPrints(DAN, new Error('chromium ran out of memory'));
    const [dan] = await invitePartners(p, admin, [DAN]);
    const response = await fetch(`${p.url}${DECK_PDF_PATH}`, { headers: { Cookie: `deck_session=${dan!.token}` } });
    expect(response.status).toBe(200);
    release();
    await expect(response.arrayBuffer(), 'the body of a download whose print failed').rejects.toThrow();
    await eventually(() => p.logs.some((line) => line.startsWith('[deck.pdf] a download that waited for its print ended: ')), {
      what: 'the log line of the failed download',
    });
    expect(p.logs).toContain("[deck.pdf] could not print a partner's PDF: chromium ran out of memory");
  });
});
