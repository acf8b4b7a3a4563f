import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startPreview } from '../../scripts/support/previewServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The browser tests run against the production build, served on loopback as a static host serves it.
 * SKIP_BUILD=1 reuses an existing dist/ (handy while iterating on a test).
 */
export default async function setup(project: TestProject) {
  if (!process.env.SKIP_BUILD) execFileSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const server = await startPreview();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
