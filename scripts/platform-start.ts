// `npm start` (after the deck build) and `npm run serve` (its bundle, dist-server/platform.mjs): the
// local platform on PORT with deck.yaml + environment settings, until SIGTERM or SIGINT.
import { loadPlatformOptions } from '../src/platform/config.ts';
import { startPlatform } from '../src/platform/server.ts';
import { DRAIN_DEADLINE_MS } from '../src/platform/shutdown.ts';

// This process exists to serve DATA_DIR, so whatever it writes is for its owner only. Set here, not in
// startPlatform: umask is process-wide, and tests and other hosts of startPlatform share their process.
// PGlite's own files do not rely on it (OwnerOnlyNodeFS strips the bits PGlite asks for explicitly).
process.umask(0o077);

async function main(): Promise<void> {
  const started = Date.now();
  const platform = await startPlatform(loadPlatformOptions());
  let stopping = false;
  // A load balancer sends SIGTERM and waits: /healthz turns 503, requests in flight get their
  // answers, sockets close (their clients reconnect to another process), then the database.
  const stop = (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: exiting now, without waiting for requests in flight`);
      process.exit(1);
    }
    stopping = true;
    const since = Date.now();
    console.log(`${signal}: stopping the local platform: no new connections, finishing requests in flight (up to ${DRAIN_DEADLINE_MS / 1000} s)`);
    platform.close().then(
      () => {
        console.log(`stopped in ${Date.now() - since} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Only now: whoever waits for this line may signal at once, and the default action of a signal
  // would end the process without releasing DATA_DIR (stdout is synchronous on a Linux pipe).
  console.log(`  started in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
