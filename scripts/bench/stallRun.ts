import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DECK_PDF_FILE, DECK_PDF_PATH, ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { BACKUP_CALL } from '../../src/platform/http/routes/backupRoute.ts';
import { HttpClient } from './httpClient.ts';
import { clientAddress, createUser, startPlatformChild } from './loadRun.ts';
import { percentile } from './stats.ts';

// Nothing one person does stalls everyone: /healthz answered back to back while the platform is
// idle, while PDF downloads flood it over four parallel lanes, and while it takes backups of its
// DATA_DIR, all in one run of one platform process (PGlite in a folder, as `npm start` runs it).

/** How /healthz answered during one phase, in milliseconds. */
export interface HealthzFigures {
  samples: number;
  /** Answers other than 200 (a 503 when the database did not answer within its 2 s). */
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The three phases of one run. */
export interface StallFigures {
  idle: HealthzFigures;
  pdfFlood: HealthzFigures & {
    lanes: number;
    people: number;
    seconds: number;
    downloads: number;
    ok: number;
    limited: number;
    other: number;
    megabytes: number;
  };
  backup: HealthzFigures & { backups: number; backupMs: number[]; megabytes: number };
}

/** Targets of `npm run bench`: /healthz p99 while a flood or a backup runs. */
export const STALL_TARGETS = { pdfFloodP99Ms: 250, backupP99Ms: 500 } as const;

const IDLE_SECONDS = 10;
const FLOOD_SECONDS = 20;
const LANES = 4;
const PEOPLE_PER_LANE = 3;
const BACKUPS = 3;
/** Pause between two /healthz requests: about 50 a second, like a strict load balancer's probe. */
const PROBE_GAP_MS = 20;

/** /healthz requests one after another until `done()`: each one's time in ms, and its status. */
async function probe(url: string, done: () => boolean): Promise<Array<{ ms: number; status: number }>> {
  const client = new HttpClient(url, 1, 60_000);
  const answers: Array<{ ms: number; status: number }> = [];
  try {
    while (!done()) {
      const started = performance.now();
      const reply = await client.send('GET', '/healthz');
      answers.push({ ms: performance.now() - started, status: reply.status });
      await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    }
  } finally {
    client.close();
  }
  return answers;
}

function figures(answers: Array<{ ms: number; status: number }>): HealthzFigures {
  const times = answers.map((answer) => answer.ms);
  return {
    samples: times.length,
    failed: answers.filter((answer) => answer.status !== 200).length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: Math.max(...times),
  };
}

/** Runs the three phases against a platform child serving `staticDir` (which must hold an export). */
export async function stallRun(options: { staticDir: string; exportedPdf?: string }): Promise<StallFigures> {
  const pdf = options.exportedPdf ?? join('dist', DECK_PDF_FILE);
  if (!existsSync(pdf)) throw new Error(`${pdf} is missing: the flood downloads the exported deck (run npm run export, or leave the export part in)`);
  copyFileSync(pdf, join(options.staticDir, DECK_PDF_FILE));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stall-'));
  const platform = await startPlatformChild(options.staticDir, undefined, { dataDir: join(dataDir, 'data') });
  const client = new HttpClient(platform.url, LANES + 2, 120_000);
  try {
    const api = `/api/apps/${platform.appId}`;
    const service = { Authorization: `Bearer ${platform.serviceToken}` };
    const offered = await client.send('POST', `${api}/entities/${ENGAGEMENT_ENTITY.options}`, { headers: service, json: { downloads: true } });
    if (offered.status !== 200) throw new Error(`turning downloads on: ${offered.status} ${offered.body}`);
    const people: string[][] = [];
    for (let lane = 0; lane < LANES; lane++) {
      people.push([]);
      for (let n = 0; n < PEOPLE_PER_LANE; n++) {
        const email = `flood-${lane}-${n}@bench.local`;
        const password = `flood-bench-password-${lane}-${n}`;
        const address = clientAddress(lane * PEOPLE_PER_LANE + n);
        await createUser(client, platform, email, password, address);
        const login = await client.send('POST', `${api}/auth/login`, { json: { email, password }, localAddress: address });
        const token = (JSON.parse(login.body) as { access_token?: string }).access_token;
        if (!token) throw new Error(`sign-in of ${email}: ${login.status} ${login.body}`);
        people[lane]!.push(token);
      }
    }

    // Idle: nothing else asks anything.
    const idleEnds = performance.now() + IDLE_SECONDS * 1000;
    const idle = figures(await probe(platform.url, () => performance.now() > idleEnds));

    // Four lanes download the PDF back to back, each lane for its people in turn: their first
    // downloads are stamped, the next ones are their kept copies, and past the limit each is a 429.
    const floodEnds = performance.now() + FLOOD_SECONDS * 1000;
    const statuses: number[] = [];
    let bytes = 0;
    const lane = async (tokens: string[]) => {
      const laneClient = new HttpClient(platform.url, 1, 120_000);
      try {
        for (let n = 0; performance.now() < floodEnds; n++) {
          const reply = await laneClient.send('GET', DECK_PDF_PATH, { headers: { Authorization: `Bearer ${tokens[n % tokens.length]}` } });
          statuses.push(reply.status);
          bytes += Number(reply.headers['content-length'] ?? Buffer.byteLength(reply.body));
        }
      } finally {
        laneClient.close();
      }
    };
    const [floodTimes] = await Promise.all([probe(platform.url, () => performance.now() > floodEnds), ...people.map(lane)]);

    // Backups of the data folder, one after another, as `npm run backup` asks the running server.
    const backupMs: number[] = [];
    let backupBytes = 0;
    let backupsDone = false;
    const backups = (async () => {
      try {
        for (let n = 0; n < BACKUPS; n++) {
          const started = performance.now();
          const reply = await client.send('POST', `${api}${BACKUP_CALL}`, { headers: service });
          if (reply.status !== 200) throw new Error(`backup: ${reply.status} ${reply.body.slice(0, 200)}`);
          backupMs.push(performance.now() - started);
          backupBytes = Number(reply.headers['content-length'] ?? Buffer.byteLength(reply.body));
        }
      } finally {
        backupsDone = true;
      }
    })();
    const [backupTimes] = await Promise.all([probe(platform.url, () => backupsDone), backups]);

    const count = (test: (status: number) => boolean) => statuses.filter(test).length;
    return {
      idle,
      pdfFlood: {
        ...figures(floodTimes),
        lanes: LANES,
        people: LANES * PEOPLE_PER_LANE,
        seconds: FLOOD_SECONDS,
        downloads: statuses.length,
        ok: count((status) => status === 200),
        limited: count((status) => status === 429),
        other: count((status) => status !== 200 && status !== 429),
        megabytes: bytes / 1024 / 1024,
      },
      backup: { ...figures(backupTimes), backups: BACKUPS, backupMs, megabytes: backupBytes / 1024 / 1024 },
    };
  } finally {
    client.close();
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const failed = (phase: HealthzFigures) => (phase.failed > 0 ? `, ${phase.failed} not 200` : '');
const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'not met');

/** The part's lines: /healthz p99 in each phase, beside the targets. */
export function stallLines(figures: StallFigures): string[] {
  const { idle, pdfFlood: flood, backup } = figures;
  return [
    '/healthz while one person floods or a backup runs (one platform process, PGlite in a folder)',
    `  idle                 p50 ${ms(idle.p50Ms)}, p99 ${ms(idle.p99Ms)}, max ${ms(idle.maxMs)} (${idle.samples} requests${failed(idle)})`,
    `  during a PDF flood   p50 ${ms(flood.p50Ms)}, p99 ${ms(flood.p99Ms)}, max ${ms(flood.maxMs)} (${flood.samples} requests${failed(flood)})  target p99 ≤ ${STALL_TARGETS.pdfFloodP99Ms} ms  ${verdict(flood.p99Ms, STALL_TARGETS.pdfFloodP99Ms)}`,
    `    ${flood.lanes} lanes × ${flood.seconds} s, ${flood.people} people: ${flood.downloads} downloads, ${flood.ok} sent (${flood.megabytes.toFixed(1)} MB), ${flood.limited} refused 429, ${flood.other} other`,
    `  during a backup      p50 ${ms(backup.p50Ms)}, p99 ${ms(backup.p99Ms)}, max ${ms(backup.maxMs)} (${backup.samples} requests${failed(backup)})  target p99 ≤ ${STALL_TARGETS.backupP99Ms} ms  ${verdict(backup.p99Ms, STALL_TARGETS.backupP99Ms)}`,
    `    ${backup.backups} backups of ${backup.megabytes.toFixed(1)} MB, ${backup.backupMs.map(ms).join(', ')}`,
  ];
}
