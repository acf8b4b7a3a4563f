// `npm start` (after the deck build): the local platform on PORT with deck.yaml + environment settings.
import { loadPlatformOptions } from '../src/platform/config.ts';
import { startPlatform } from '../src/platform/server.ts';

// This process exists to serve DATA_DIR, so whatever it writes is for its owner only. Set here, not in
// startPlatform: umask is process-wide, and tests and other hosts of startPlatform share their process.
// PGlite's own files do not rely on it (OwnerOnlyNodeFS strips the bits PGlite asks for explicitly).
process.umask(0o077);

async function main(): Promise<void> {
  const started = Date.now();
  const platform = await startPlatform(loadPlatformOptions());
  console.log(`  started in ${Date.now() - started} ms`);
  const stop = (signal: string) => {
    console.log(`${signal}: closing the local platform`);
    platform.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
