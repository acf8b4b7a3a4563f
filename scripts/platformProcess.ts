import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NOTES_DIR } from '../schemas/presentingPaths.ts';
import type { ViewerPartner } from '../schemas/viewerPartner.ts';
import { EXPORT_PLAN_FILE, type ExportPlan } from '../src/build/exportPlan.ts';
import { loadPlatformOptions } from '../src/platform/config.ts';
import { type RunningPlatform, startPlatform } from '../src/platform/server.ts';
import { DRAIN_DEADLINE_MS } from '../src/platform/http/shutdown.ts';

/**
 * A signal arriving this soon after the first is the same request delivered twice: systemd signals
 * the whole group (npm and node alike) and npm passes its signal on, and Ctrl-C in a terminal reaches
 * both tsx and the node it runs, which tsx also passes on (the second copy cut the drain short).
 */
const SAME_SIGNAL_MS = 1000;

/**
 * Prints a partner's own PDF with chromium, from the built deck and the plan its build wrote beside
 * it (printDeck.ts): under `npm start` and from the server bundle alike, with no slide sources.
 */
async function renderPartnerPdf(partner: ViewerPartner, target: string): Promise<void> {
  // Loaded on the first print: chromium's driver is half a second of every start otherwise.
  const { printDeck } = await import('../src/export/printDeck.ts');
  const root = process.cwd();
  const plan = JSON.parse(await readFile(join(root, NOTES_DIR, EXPORT_PLAN_FILE), 'utf8')) as ExportPlan;
  await printDeck(root, join(root, 'dist'), plan, { partner, target });
}

/** What a host of the platform process does beside it (`npm start` exports the PDF in the background). */
export interface PlatformHooks {
  /** Once the platform listens. */
  started?(platform: RunningPlatform): void;
  /** When a signal asks it to stop, before it drains. */
  stopping?(): void;
}

/**
 * The local platform on PORT with deck.yaml + environment settings, until SIGTERM or SIGINT: what
 * `npm run serve` (dist-server/platform.mjs) and `npm start` (after the deck is built) run.
 * `started` counts from `since` (the process's start by default) in the last line it prints.
 */
export async function runPlatform(hooks: PlatformHooks = {}, since = Date.now()): Promise<void> {
  // This process exists to serve DATA_DIR, so whatever it writes is for its owner only. Set here, not in
  // startPlatform: umask is process-wide, and tests and other hosts of startPlatform share their process.
  // PGlite's own files do not rely on it (OwnerOnlyNodeFS strips the bits PGlite asks for explicitly).
  process.umask(0o077);
  const started = since;
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
    hooks.stopping?.();
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
  // The processor time beside the wall time: on a busy machine the wall time is mostly waiting for a core.
  const cpu = process.cpuUsage();
  console.log(`  started in ${Date.now() - started} ms (${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU in this process)`);
  hooks.started?.(platform);
}
