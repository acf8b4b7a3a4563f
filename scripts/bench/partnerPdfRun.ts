import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DECK_PDF_PATH, ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { VIEW_AS_PARAM } from '../../schemas/viewAs.ts';
import { exportDeck } from '../../src/export/exportDeck.ts';
import { startPlatform } from '../../src/platform/server.ts';
import { benchPlatformOptions } from './benchPlatform.ts';

// The benchmark of a partner's own PDF, printed by the export's code and chromium on the first
// download, then kept and only stamped. Downloaded through an admin's "View as" (the same print and
// stamp a partner's own download gets), so no partner account needs a password.

/** Time to first byte and total of one download, in milliseconds, and its size. */
export interface DownloadTiming {
  ttfbMs: number;
  totalMs: number;
  bytes: number;
}

/** A partner's PDF downloaded twice: printed (no kept file), then kept and stamped; and a page served personal or as built. */
export interface PartnerPdfFigures {
  printed: DownloadTiming;
  kept: DownloadTiming;
  /** Median milliseconds of PAGE_REQUESTS sequential requests of one deck page, each way. */
  pageMedianMs: { personal: number; asBuilt: number };
}

/** Requests of one page per way of serving it: enough for a steady median on loopback. */
const PAGE_REQUESTS = 200;

/** One request of `url`'s page, timed until its last byte. */
async function pageMs(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: `deck_session=${token}`, 'Accept-Encoding': 'br' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** The median of each of two pages' request times, their requests taken in turn so neither is the warmer. */
async function medianPagesMs(first: string, second: string, token: string): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < PAGE_REQUESTS; i++) {
    times[0].push(await pageMs(first, token));
    times[1].push(await pageMs(second, token));
  }
  const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

async function timedDownload(url: string, token: string): Promise<DownloadTiming> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const ttfbMs = performance.now() - started;
  const body = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
  return { ttfbMs, totalMs: performance.now() - started, bytes: body.byteLength };
}

/** Starts a platform on the built deck, invites a partner with their own Prepared-for, and downloads their PDF twice. */
export async function partnerPdfRun(options: { staticDir: string; root?: string }): Promise<PartnerPdfFigures> {
  const root = options.root ?? process.cwd();
  const work = mkdtempSync(join(tmpdir(), 'bench-partner-pdf-'));
  const bench = benchPlatformOptions('benchpdf', resolve(options.staticDir), {
    pdfDir: join(work, 'pdf'),
    renderPartnerPdf: (partner, target) => exportDeck(root, resolve(options.staticDir), { partner, target }).then(() => undefined),
  });
  const admin = bench.admin;
  const platform = await startPlatform(bench.options);
  try {
    const api = `${platform.url}/api/apps/benchpdf`;
    const call = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const token = (await call('/auth/login', admin)).access_token as string;
    // Invited while downloads are off, so nothing is printed ahead: the first download prints.
    const invited = await call(
      '/users/invite-user',
      { user_email: 'ann@alpha-lending.example', role: 'user', prepared_for: { name: 'Ann Alpha', company: 'Alpha Lending Corp' } },
      token,
    );
    await call(`/entities/${ENGAGEMENT_ENTITY.options}`, { downloads: true }, token);
    const url = `${platform.url}${DECK_PDF_PATH}?${VIEW_AS_PARAM}=${encodeURIComponent((invited.user as { id: string }).id)}`;
    const printed = await timedDownload(url, token);
    const kept = await timedDownload(url, token);
    // The admin has no Prepared-for and this platform no deck-wide partner: their page is the file as
    // built; through View as it is the partner's, filled as it is served.
    const [asBuilt, personal] = await medianPagesMs(
      `${platform.url}/market`,
      `${platform.url}/market?${VIEW_AS_PARAM}=${encodeURIComponent((invited.user as { id: string }).id)}`,
      token,
    );
    return { printed, kept, pageMedianMs: { personal, asBuilt } };
  } finally {
    await platform.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The bench's lines for it, beside its targets (first PDF ≤ 6 s, a kept one ≤ 300 ms). */
export function partnerPdfSummary(figures: PartnerPdfFigures): string {
  const line = (what: string, timing: DownloadTiming, target: number) =>
    `${what}: first byte ${timing.ttfbMs.toFixed(0)} ms, all ${timing.totalMs.toFixed(0)} ms (${(timing.bytes / 1024).toFixed(0)} KB)  target ≤ ${target} ms  ${timing.totalMs <= target ? 'ok' : 'OVER'}`;
  const { personal, asBuilt } = figures.pageMedianMs;
  const added = personal - asBuilt;
  return [
    line("a partner's first PDF (printed)", figures.printed, 6000),
    line('the same PDF again (kept, stamped)', figures.kept, 300),
    `a deck page filled for its partner: median ${personal.toFixed(2)} ms against ${asBuilt.toFixed(2)} ms as built (${PAGE_REQUESTS} requests each), ${added.toFixed(2)} ms added  target ≤ 2 ms  ${added <= 2 ? 'ok' : 'OVER'}`,
  ].join('\n');
}
