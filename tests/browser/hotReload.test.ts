import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../src/build/chromium.ts';
import { freePort, waitForHttp } from '../../src/build/previewServer.ts';

// An editor's loop: `npm run dev` on a copy of the project, a slide edited on disk, the page updating.
let work: string;
let server: ChildProcess;
let url: string;
let browser: Browser;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'deck-dev-'));
  for (const entry of ['slides', 'src', 'schemas', 'public', 'index.html', 'login.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) {
    cpSync(entry, join(work, entry), { recursive: true });
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(work, 'node_modules'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: work, stdio: 'ignore' });
  await waitForHttp(url);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

const edit = (file: string, from: string | RegExp, to: string) => {
  const path = join(work, 'slides', file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: nothing to replace`);
  writeFileSync(path, next);
};

describe('the dev server', () => {
  it('shows an edited sentence and an edited figure without a manual reload', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/problem`);
    await page.locator('h1').waitFor();
    await expect.poll(() => page.textContent('main'), { timeout: 20_000 }).toContain('75-85');
    edit('problem.mdx', /^title: .*$/m, 'title: A paradox worth fixing');
    await expect.poll(() => page.textContent('h1'), { timeout: 20_000 }).toBe('A paradox worth fixing');
    edit('problem.mdx', 'value: 75-85', 'value: 75-90');
    await expect.poll(() => page.textContent('main'), { timeout: 20_000 }).toContain('75-90');
    await page.close();
  });

  it('reports a broken field in the overlay with its file, line and field', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/market`);
    await page.locator('h1').waitFor();
    edit('market.mdx', /^order: 4$/m, 'order: four');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? ''), { timeout: 20_000 })
      .toContain('slides/market.mdx:4:8 order: must be a number');
    await page.close();
  });
});
