// Child process of the load run: the local platform with an in-memory database, PGlite in the
// folder BENCH_DATA_DIR, or the Postgres server of DATABASE_URL (with the SERVICE_TOKEN every
// process of that database shares), serving dist/ on a loopback port. Prints one JSON line {url, appId, serviceToken} when
// ready, then one {outbox} line per mail; SIGTERM stops it.
// Run in its own process so the load generator and the server do not share one event loop.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { closeOnSignal, runChild } from './childProcess.ts';

async function main(): Promise<void> {
  const { startPlatform } = (await import('../../src/platform/server.ts')) as typeof import('../../src/platform/server.ts');
  const { readDeckSettings } = (await import('../../src/platform/config.ts')) as typeof import('../../src/platform/config.ts');
  const { deckIdentityOf } = (await import('../../src/platform/mail/mailWording.ts')) as typeof import('../../src/platform/mail/mailWording.ts');
  // As npm start has them (loadPlatformOptions): the deck-wide partner fills the pages as they are served.
  const settings = readDeckSettings(resolve('slides', 'deck.yaml'));
  const appId = process.env.BENCH_APP_ID ?? 'benchapp';
  const serviceToken = process.env.SERVICE_TOKEN || randomBytes(32).toString('hex');
  const platform = await startPlatform({
    appId,
    visibility: 'private_with_login',
    port: 0,
    host: '127.0.0.1',
    adminEmail: 'admin@bench.local',
    adminPassword: randomBytes(16).toString('hex'),
    adminName: 'Bench Owner',
    serviceToken,
    ...(process.env.DATABASE_URL && { databaseUrl: process.env.DATABASE_URL }),
    ...(process.env.BENCH_DATA_DIR && { dataDir: resolve(process.env.BENCH_DATA_DIR) }),
    staticDir: resolve(process.env.BENCH_STATIC_DIR ?? 'dist'),
    partner: settings.partner,
    ...(process.env.BENCH_STANDING_SWEEP_MS && { standingSweepMs: Number(process.env.BENCH_STANDING_SWEEP_MS) }),
    deck: deckIdentityOf(settings),
    // Codes are only in the log (never in the stored outbox): pass the mail on, one JSON line each.
    log: (line) => {
      if (line.startsWith('[outbox]')) process.stdout.write(`${JSON.stringify({ outbox: line })}\n`);
    },
  });
  process.stdout.write(`${JSON.stringify({ url: platform.url, appId, serviceToken })}\n`);
  closeOnSignal(() => platform.close());
}

runChild(main);
