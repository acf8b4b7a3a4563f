// Child process of the versions run: the local platform on a PGlite data folder holding
// VERSIONS_COUNT deck versions (figure changes, page changes, a note each) and VERSIONS_VIEWERS
// viewers' view records across them (× the deck's 17 slides × 10 visits, each stamped with the
// version served when it was made). Seeded by a first start on a build without a ledger, then
// restarted on a build whose ledger is the newest version, as an owner's rebuild and restart leaves
// it: that one is "served now". Prints one JSON line {url, token, versions, viewers, records, seedMs}
// when ready (token: the admin's); SIGTERM stops it and removes the folder.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIGURES_FILE, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { benchAdminToken, benchPlatformOptions } from './benchPlatform.ts';
import { closeOnSignal, runChild } from './childProcess.ts';
import { seedConsole } from './consoleSeed.ts';
import { seedVersions, stampVersions, versionLedgers } from './versionsSeed.ts';

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'versions-bench-'));
  try {
    await serve(work);
  } catch (error) {
    // A seeding that failed leaves no folder behind (one that served is removed when stopped).
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** Seeds, restarts and serves from `work`; prints the line once ready. */
async function serve(work: string): Promise<void> {
  const { startPlatform } = (await import('../../src/platform/server.ts')) as typeof import('../../src/platform/server.ts');
  const appId = 'versions-bench';
  const count = Number(process.env.VERSIONS_COUNT ?? 50);
  const viewers = Number(process.env.VERSIONS_VIEWERS ?? 200);
  // The build's own ledger (npm run build writes it beside dist/), the first version's content.
  const base = JSON.parse(readFileSync(join(NOTES_DIR, FIGURES_FILE), 'utf8')) as LedgerSnapshot;

  // A build of our own: the bench's dist/ copy, and (after seeding) the newest version's ledger beside it.
  const staticDir = join(work, 'dist');
  cpSync(resolve(process.env.BENCH_STATIC_DIR ?? 'dist'), staticDir, { recursive: true });
  const { options, admin } = benchPlatformOptions(appId, staticDir, { dataDir: join(work, 'data') });

  const started = performance.now();
  const seeding = await startPlatform(options);
  const ledgers = versionLedgers(base, count);
  const now = Date.now();
  const ids = await seedVersions(seeding.db, appId, ledgers, now);
  const seeded = await seedConsole(seeding.db, appId, staticDir, viewers, 10, (records) => stampVersions(records, ids, now));
  await seeding.close();
  mkdirSync(join(work, NOTES_DIR));
  writeFileSync(join(work, NOTES_DIR, FIGURES_FILE), JSON.stringify(ledgers.at(-1)));
  const platform = await startPlatform(options);
  const seedMs = performance.now() - started;

  const url = platform.url.replace('//localhost:', '//127.0.0.1:');
  const token = await benchAdminToken(url, appId, admin);
  // The restart must have found its content among the seeded versions, not recorded a 51st.
  const listed = await fetch(`${url}/api/apps/${appId}/entities/DeckVersion`, { headers: { Authorization: `Bearer ${token}` } });
  const list = (await listed.json()) as { current: string | null; versions: unknown[] };
  if (list.versions.length !== count || list.current !== ids.at(-1)) {
    throw new Error(`expected ${count} versions with ${ids.at(-1)} served, the platform lists ${list.versions.length} with ${list.current} served`);
  }
  process.stdout.write(`${JSON.stringify({ url, token, versions: count, ...seeded, seedMs })}\n`);
  closeOnSignal(async () => {
    await platform.close();
    rmSync(work, { recursive: true, force: true });
  });
}

runChild(main);
