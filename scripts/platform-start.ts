// `npm run serve` (its bundle, dist-server/platform.mjs) and the tests' platform processes: the local
// platform on PORT with deck.yaml + environment settings, until SIGTERM or SIGINT. `npm start` runs the
// same after building the deck (scripts/start.ts).
import { runPlatform } from './platformProcess.ts';

runPlatform().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
