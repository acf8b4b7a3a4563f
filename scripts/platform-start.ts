// `npm start` (after the deck build) and `npm run serve` (its bundle, dist-server/platform.mjs): the
// local platform on PORT with deck.yaml + environment settings, until SIGTERM or SIGINT.
import { join } from 'node:path';
import type { ViewerPartner } from '../schemas/viewerPartner.ts';
import { loadPlatformOptions } from '../src/platform/config.ts';
import { startPlatform } from '../src/platform/server.ts';
import { DRAIN_DEADLINE_MS } from '../src/platform/http/shutdown.ts';

// This process exists to serve DATA_DIR, so whatever it writes is for its owner only. Set here, not in
// startPlatform: umask is process-wide, and tests and other hosts of startPlatform share their process.
// PGlite's own files do not rely on it (OwnerOnlyNodeFS strips the bits PGlite asks for explicitly).
process.umask(0o077);

/**
 * A signal arriving this soon after the first is the same request delivered twice: systemd signals
 * the whole group (npm and node alike) and npm passes its signal on, and Ctrl-C in a terminal reaches
 * both tsx and the node it runs, which tsx also passes on (the second copy cut the drain short).
 */
const SAME_SIGNAL_MS = 1000;

/**
 * Prints a partner's own PDF with the export's code. Loaded by address, not by name, so
 * the server bundle never carries the export and its chromium driver (dev tools): under `npm start`
 * it loads; from dist-server/ without the sources it fails, and the download says it cannot print.
 */
async function renderPartnerPdf(partner: ViewerPartner, target: string): Promise<void> {
  const exportUrl = new URL('../src/export/exportDeck.ts', import.meta.url).href;
  const { exportDeck } = (await import(/* @vite-ignore */ exportUrl)) as typeof import('../src/export/exportDeck.ts');
  await exportDeck(process.cwd(), join(process.cwd(), 'dist'), { partner, target });
}

async function main(): Promise<void> {
  const started = Date.now();
  const platform = await startPlatform({ ...loadPlatformOptions(), renderPartnerPdf });
  let stoppingSince: number | null = null;
  // A load balancer sends SIGTERM and waits: /healthz turns 503, requests in flight get their
  // answers, sockets close (their clients reconnect to another process), then the database.
  const stop = (signal: string) => {
    if (stoppingSince !== null) {
      // Only a person pressing Ctrl-C again, after a moment, means "now"; a supervisor's repeated
      // SIGTERM never does (its last word is SIGKILL, after its own timeout).
      if (signal === 'SIGINT' && Date.now() - stoppingSince >= SAME_SIGNAL_MS) {
        console.log('SIGINT again: exiting now, without waiting for requests in flight');
        process.exit(1);
      }
      console.log(`${signal} again: already stopping; requests in flight still finish (press Ctrl-C again to exit at once)`);
      return;
    }
    stoppingSince = Date.now();
    console.log(`${signal}: stopping the local platform: no new connections, finishing requests in flight (up to ${DRAIN_DEADLINE_MS / 1000} s)`);
    platform.close().then(
      () => {
        console.log(`stopped in ${Date.now() - stoppingSince!} ms`);
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
