import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBaseImages } from './baseImages.ts';
import { buildDeckImage } from './deckImage.ts';
import { podmanEnvironment } from './podman.ts';

// Makes what the container test builds on, ahead of it: the base images, then the deck's image from
// the repository as it stands. The test's own build of an unchanged repository then comes from
// podman's cache: about a minute instead of five on a machine that had no images.
// `npx tsx tests/container/prepareImages.ts`; exits non-zero, with podman's output, when a step fails.

const dir = mkdtempSync(join(tmpdir(), 'deck-prepare-'));
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
try {
  const env = podmanEnvironment(dir);
  const made = await ensureBaseImages(env);
  console.log(made.length ? `Base images made: ${made.join(', ')} (${seconds()}).` : `Base images already at hand (${seconds()}).`);
  await buildDeckImage(env);
  console.log(`The deck's image built (${seconds()}).`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
