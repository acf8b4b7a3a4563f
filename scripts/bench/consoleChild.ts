// Child process of the console run: the local platform on an in-memory database, seeded with
// SlideView records (CONSOLE_VIEWERS × the deck's 17 slides × CONSOLE_VISITS), serving
// BENCH_STATIC_DIR on a loopback port. Prints one JSON line {url, token, viewers, records, seedMs}
// when ready (token: the admin's); SIGTERM stops it. Its own process, so the server does not share
// an event loop with the browser driver that measures it.
import { resolve } from 'node:path';
import { benchAdminToken, benchPlatformOptions } from './benchPlatform.ts';
import { seedConsole } from './consoleSeed.ts';
import { closeOnSignal, runChild } from './childProcess.ts';

async function main(): Promise<void> {
  const { startPlatform } = (await import('../../src/platform/server.ts')) as typeof import('../../src/platform/server.ts');
  const appId = 'console-bench';
  const staticDir = resolve(process.env.BENCH_STATIC_DIR ?? 'dist');
  const { options, admin } = benchPlatformOptions(appId, staticDir);
  const platform = await startPlatform(options);
  const started = performance.now();
  const seeded = await seedConsole(platform.db, appId, staticDir, Number(process.env.CONSOLE_VIEWERS ?? 200), Number(process.env.CONSOLE_VISITS ?? 10));
  const seedMs = performance.now() - started;
  const url = platform.url.replace('//localhost:', '//127.0.0.1:');
  const token = await benchAdminToken(url, appId, admin);
  process.stdout.write(`${JSON.stringify({ url, token, ...seeded, seedMs })}\n`);
  closeOnSignal(() => platform.close());
}

runChild(main);
