import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort, waitForHttp } from '../support/previewServer.ts';
import { OPEN_PAGES } from '../../src/platform/http/publicDeckFiles.ts';

/**
 * Copies dist/ to .bench/dist, so the bench measures one build even when someone else rebuilds
 * dist/ in the same tree during the run. Returns the copy's absolute path.
 */
export function snapshotDist(from = 'dist', to = '.bench/dist'): string {
  if (!existsSync(resolve(from, 'index.html'))) throw new Error(`${from}/index.html missing: build first (npm run build)`);
  const target = resolve(to);
  rmSync(target, { recursive: true, force: true });
  cpSync(resolve(from), target, { recursive: true });
  return target;
}

/** `vite preview` of the given folder on a free loopback port (started as node, stopped by its pid). */
export async function previewOf(outDir: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/** The address of every deck page a build prerendered (`index.html` is `/`), the cover first. */
export function deckPagesIn(outDir: string): string[] {
  return readdirSync(outDir)
    .filter((file) => file.endsWith('.html') && !OPEN_PAGES.has(file))
    .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`))
    .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}
