import { resolve } from 'node:path';
import { NODE_IMAGE } from './baseImages.ts';
import { type RunResult, run } from './podman.ts';

/** The image the container test builds from the repository's Containerfile and runs. */
export const DECK_IMAGE = 'localhost/investor-deck:container-test';

const repo = resolve(import.meta.dirname, '../..');

/**
 * Builds the repository's Containerfile on the Node 24 base image, as an operator builds it (the
 * Docker format keeps the health check). Run twice on an unchanged repository, the second build
 * takes every layer from podman's cache: prepareImages.ts builds ahead so the test's build is quick.
 */
export function buildDeckImage(env: NodeJS.ProcessEnv): Promise<RunResult> {
  return run('podman', ['build', '--format', 'docker', '--build-arg', `BASE=${NODE_IMAGE}`, '-t', DECK_IMAGE, '-f', 'Containerfile', '.'], {
    cwd: repo,
    env,
  });
}
