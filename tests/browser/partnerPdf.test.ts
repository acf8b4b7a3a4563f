import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK_PDF_PATH, ENGAGEMENT_ENTITY, stampText } from '../../schemas/engagementPaths.ts';
import { exportDeck } from '../../src/export/exportDeck.ts';
import { readDeckSettings } from '../../src/platform/config.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { ALPHA, BETA, expectOnlyOwn, invitePartners, type Partner, who } from '../platform/twoPartners.ts';
import { eventually } from '../support/waitFor.ts';

// A viewer with their own Prepared-for downloads the deck printed for their partner (by the
// export's code and Debian's chromium, once per partner and build, kept in the PDF folder) and stamped
// with their email and the day, as one revision. It never names the deck-wide partner, nor another
// partner: two partners at two companies are printed for and download.

const DECOY = { name: 'Quokka Decoy Lending', licence: 'NMLS #4242424' };

let p: TestPlatform;
let work: string;
let pdfDir: string;
let tokens: string[];
let renders = 0;
/** The deck-wide partner as deck.yaml writes it (the built chunk holds no sample's words). */
let deckWide: { name: string; licence: string };

function pdfText(bytes: Uint8Array): string[] {
  const file = join(work, `read-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return run.stdout.split('\f').slice(0, -1);
}

async function download(platform: TestPlatform, session: string) {
  const started = performance.now();
  const response = await fetch(`${platform.url}${DECK_PDF_PATH}`, { headers: { Cookie: `deck_session=${session}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes, ms: performance.now() - started };
}

/** A platform on the built deck with downloads on and `partners` invited with their Prepared-for; their tokens. */
async function platformWithDownloads(
  extra: Parameters<typeof startTestPlatform>[1],
  partners: readonly Partner[] = [ALPHA],
): Promise<{ platform: TestPlatform; viewer: string; viewers: string[] }> {
  const platform = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck', partner: DECOY, ...extra });
  const admin = await platform.login(ADMIN.email, ADMIN.password);
  expect((await platform.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: admin, body: { downloads: true } })).status).toBe(200);
  const viewers = (await invitePartners(platform, admin, partners)).map((partner) => partner.token);
  return { platform, viewer: viewers[0]!, viewers };
}

beforeAll(async () => {
  deckWide = readDeckSettings(join('slides', 'deck.yaml')).partner;
  work = mkdtempSync(join(tmpdir(), 'partner-pdf-'));
  pdfDir = join(work, 'pdf');
  const started = await platformWithDownloads(
    {
      pdfDir,
      renderPartnerPdf: async (partner, target) => {
        renders++;
        await exportDeck(process.cwd(), 'dist', { partner, target });
      },
    },
    [ALPHA, BETA],
  );
  p = started.platform;
  tokens = started.viewers;
}, 60_000);
afterAll(async () => {
  await p?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a partner's own PDF", () => {
  it('names each viewer’s own partner on the cover and the contact page, and no other, stamps every page, one revision; printed once, then kept', async () => {
    // Printed when the invitations named their partners, before they asked: the downloads only stamp.
    const printed = () => (existsSync(pdfDir) ? readdirSync(pdfDir).filter((file) => file.endsWith('.pdf')) : []);
    await eventually(() => printed().length === 2, { timeoutMs: 90_000, what: "both partners' PDFs printed ahead of the downloads" });
    expect(renders).toBe(2);
    const timings: string[] = [];
    for (const [i, partner] of [ALPHA, BETA].entries()) {
      const first = await download(p, tokens[i]!);
      expect(first.status).toBe(200);
      const pages = pdfText(first.bytes);
      expect(pages.length).toBeGreaterThan(10);
      const all = pages.join('\n');
      const { name, company } = partner.prepared_for;
      expectOnlyOwn(all, partner, 'the printed PDF', [`Prepared for ${name}, ${company}`, `This proposal is prepared for ${company}`]);
      for (const other of [DECOY.name, DECOY.licence, deckWide.name, deckWide.licence]) {
        expect(all, `the PDF for ${who(partner)} names the deck-wide partner`).not.toContain(other);
      }
      const stamp = stampText(partner.email, new Date());
      expect(pages.every((page) => page.includes(stamp))).toBe(true);
      expect(Buffer.from(first.bytes).toString('latin1').match(/%%EOF/g)).toHaveLength(1);

      const second = await download(p, tokens[i]!);
      expect(second.status).toBe(200);
      expect(pdfText(second.bytes).join('\n')).toContain(`Prepared for ${name}, ${company}`);
      timings.push(`${company}: first download (printed ahead) ${first.ms.toFixed(0)} ms, kept and stamped ${second.ms.toFixed(0)} ms`);
    }
    expect(renders).toBe(2);
    expect(readdirSync(pdfDir).filter((file) => file.endsWith('.pdf'))).toHaveLength(2);
    console.log(`[partner pdf] ${timings.join('; ')}`);
  });

  it('starts a download that must wait for its print at once, sends the PDF when printed, and fails it if the print fails', async () => {
    for (const outcome of ['printed', 'failed'] as const) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let printing = 0;
      const { platform, viewer } = await platformWithDownloads({
        pdfDir: join(work, `pdf-${Math.random().toString(36).slice(2)}`),
        renderPartnerPdf: async (partner, target) => {
          printing++;
          await gate;
          if (outcome === 'failed') throw new Error('chromium crashed half-way');
          await exportDeck(process.cwd(), 'dist', { partner, target });
        },
      });
      try {
        // fetch resolves on the headers: they came while the print still waits on the gate.
        const response = await fetch(`${platform.url}${DECK_PDF_PATH}`, { headers: { Cookie: `deck_session=${viewer}` } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(printing).toBe(1);
        release();
        if (outcome === 'printed') {
          expect(pdfText(new Uint8Array(await response.arrayBuffer())).join('\n')).toContain('Prepared for Ann Alpha, Alpha Lending Corp');
        } else {
          await expect(response.arrayBuffer()).rejects.toThrow();
          expect(platform.logs.some((line) => line.includes('a download that waited for its print ended'))).toBe(true);
        }
      } finally {
        release();
        await platform.close();
      }
    }
  });

  it('says so, with no PDF, when it cannot print, and never falls back to the deck-wide one', async () => {
    for (const extra of [{ renderPartnerPdf: () => Promise.reject(new Error('chromium crashed')) }, {}]) {
      const { platform, viewer } = await platformWithDownloads({ pdfDir: join(work, `pdf-${Math.random().toString(36).slice(2)}`), ...extra });
      try {
        const reply = await download(platform, viewer);
        expect(reply.status).toBe(503);
        const body = JSON.parse(Buffer.from(reply.bytes).toString('utf8')) as { code: string; detail: string };
        expect(body.code).toBe('renderPartnerPdf' in extra ? 'pdf_render_failed' : 'pdf_not_available');
        expect(body.detail.length).toBeGreaterThan(20);
      } finally {
        await platform.close();
      }
    }
  });
});
