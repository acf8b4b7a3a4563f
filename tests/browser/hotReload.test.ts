import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { freePort, waitForHttp } from '../../scripts/support/previewServer.ts';
import { scaled } from '../support/slowness.ts';

// An editor's loop: `npm run dev` on a copy of the project, slides edited, added, removed and renamed
// on disk, the page following without a restart, and every mistake shown in the overlay and the terminal.
let work: string;
let url: string;
let browser: Browser;
const servers: ChildProcess[] = [];

/** `vite` (dev) on the copy, as node so stopping it stops the server; its terminal output collected. */
async function startDev(): Promise<{ url: string; output: () => string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: work,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const address = `http://127.0.0.1:${port}`;
  await waitForHttp(address);
  return { url: address, output: () => output, process: child };
}

let dev: Awaited<ReturnType<typeof startDev>>;

/**
 * Resolves when the dev server's terminal prints `pattern` from now on: an event rather than a poll, so
 * the test can act within milliseconds of the server having read a file.
 */
function printed(server: { process: ChildProcess }, pattern: RegExp, timeoutMs = scaled(30_000)): Promise<void> {
  const streams = [server.process.stdout!, server.process.stderr!];
  return new Promise((resolve, reject) => {
    let seen = '';
    const stop = (error?: Error) => {
      clearTimeout(timer);
      for (const stream of streams) stream.off('data', onData);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk;
      if (pattern.test(seen)) stop();
    };
    const timer = setTimeout(() => stop(new Error(`the dev server did not print ${pattern} within ${timeoutMs} ms; it printed:\n${seen}`)), timeoutMs);
    for (const stream of streams) stream.on('data', onData);
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'deck-dev-'));
  for (const entry of ['slides', 'src', 'schemas', 'public', 'index.html', 'login.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) {
    cpSync(entry, join(work, entry), { recursive: true });
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(work, 'node_modules'));
  dev = await startDev();
  url = dev.url;
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  for (const child of servers) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

const slide = (file: string) => join(work, 'slides', file);
const edit = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(slide(file), 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: nothing to replace`);
  writeFileSync(slide(file), next);
};
/** The text of Vite's error overlay ('' when none is open): a custom element with a shadow root. */
const overlay = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('vite-error-overlay')?.shadowRoot;
    return root ? [...root.querySelectorAll('.message, .file')].map((part) => part.textContent).join('\n') : '';
  });
/** The 1-based line of `needle` in a slide file, so expected positions follow edits to the slides (notes, prose). */
const lineOf = (file: string, needle: string) => {
  const index = readFileSync(slide(file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`${needle} is not in ${file}`);
  return index + 1;
};
const heading = (page: Page) => page.evaluate(() => document.querySelector('h1')?.textContent ?? '');

/** Waits for the slide's own heading (the loading screen has an h1 of its own) and reads it. */
async function slideTitle(page: Page): Promise<string> {
  await page.locator('#slide-title').waitFor();
  return heading(page);
}
// Set for a quiet machine and grown for a busy one, as every deadline of the suite: a page the dev
// server reloads fetches its hundred-odd modules again, each transformed on the shared cores.
const WAIT = { timeout: scaled(30_000) };

/**
 * The dev server's HMR messages to a page, on every socket it opens (a reload opens a new one):
 * `next(types)` resolves with the type of the first of them to arrive from now on.
 */
function hmrMessages(page: Page) {
  const waiting = new Set<{ types: readonly string[]; resolve: (type: string) => void }>();
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      let type = '';
      try {
        type = (JSON.parse(String(payload)) as { type?: string }).type ?? '';
      } catch {
        return;
      }
      for (const waiter of waiting) {
        if (!waiter.types.includes(type)) continue;
        waiting.delete(waiter);
        waiter.resolve(type);
      }
    }),
  );
  return { next: (types: readonly string[]) => new Promise<string>((resolve) => waiting.add({ types, resolve })) };
}

/** `promise`, or a failure naming `what` once the deadline has passed. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${WAIT.timeout} ms`)), WAIT.timeout);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The page shows its slide again and no overlay. */
async function expectRecovered(page: Page, title: string) {
  await expect.poll(() => overlay(page), WAIT).toBe('');
  await expect.poll(() => heading(page), WAIT).toBe(title);
}

describe('the dev server', () => {
  it('shows an edited sentence and an edited figure (in the ledger) without a manual reload', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/problem`);
    await page.locator('#slide-title').waitFor();
    await expect.poll(() => page.textContent('main'), WAIT).toContain('75-85');
    edit('problem.mdx', /^title: .*$/m, 'title: A paradox worth fixing');
    await expect.poll(() => page.textContent('h1'), WAIT).toBe('A paradox worth fixing');
    edit('figures.yaml', 'count: { low: 75, high: 85 }', 'count: { low: 75, high: 90 }');
    await expect.poll(() => page.textContent('main'), WAIT).toContain('75-90');
    await page.close();
  });

  it('follows a save written in two steps (the file emptied, then written), as editors that save in place do', async () => {
    const page = await browser.newPage();
    const hmr = hmrMessages(page);
    await page.goto(`${url}/problem`);
    await page.locator('#slide-title').waitFor();
    const file = slide('problem.mdx');
    const text = readFileSync(file, 'utf8');
    // One save in two writes, the second once the server has read the first (its terminal shows the
    // empty file's error and the page has the overlay): the page follows the file as written, with no
    // error left from the emptied one. Each step waits on what the server says (its terminal, its HMR
    // messages), then on the page showing the saved title. Letters, not numbers, in the title: a
    // number equal to a figure is a content error of its own.
    for (const save of ['A', 'B', 'C']) {
      const emptiedRead = printed(dev, /problem\.mdx:1:1 must start with a --- frontmatter block/);
      const overlaid = hmr.next(['error']);
      writeFileSync(file, '');
      await emptiedRead;
      await within(overlaid, `save ${save}: the emptied file's error sent to the page`);
      const followed = hmr.next(['update', 'full-reload']);
      const title = `Saved in two steps ${save}`;
      writeFileSync(file, text.replace(/^title: .*$/m, `title: ${title}`));
      await within(followed, `save ${save}: the page told of the written file (an update or a reload)`);
      // A reload's new page is waited for too: the locator follows the page across its navigation.
      await page
        .locator('h1', { hasText: new RegExp(`^${title}$`) })
        .waitFor(WAIT)
        .catch(async (error: Error) => {
          throw new Error(
            `save ${save}: the page shows the saved file, not the emptied one; it shows ${JSON.stringify(await heading(page).catch(() => '(a page loading)'))}`,
            {
              cause: error,
            },
          );
        });
      expect(await overlay(page), `save ${save}: no error left from the emptied file`).toBe('');
    }
    writeFileSync(file, text);
    await expect.poll(() => heading(page), WAIT).not.toBe('Saved in two steps C');
    await page.close();
  });

  it('reports a broken field in the overlay and the terminal with its file, line and field, and recovers once fixed', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/market`);
    const title = await slideTitle(page);
    edit('market.mdx', /^order: 4$/m, 'order: four');
    await expect.poll(() => overlay(page), WAIT).toContain('slides/market.mdx:4:8 order: must be a number');
    // The overlay's location line, which opens the file in the editor.
    expect(await overlay(page)).toContain(`${join(work, 'slides/market.mdx')}:4:8`);
    await expect.poll(dev.output, WAIT).toContain('slides/market.mdx:4:8 order: must be a number');
    edit('market.mdx', /^order: four$/m, 'order: 4');
    await expectRecovered(page, title);
    await page.close();
  });

  it('reports mistakes in a body (a misspelt component, an unclosed tag) with file and line, and recovers once fixed', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/hecm-purchase`);
    const title = await slideTitle(page);
    const original = readFileSync(slide('hecm-purchase.mdx'), 'utf8');
    try {
      const brandLine = lineOf('hecm-purchase.mdx', '<BrandOverview />');
      const sectionLine = lineOf('hecm-purchase.mdx', '<Section title="How the program works">');
      edit('hecm-purchase.mdx', '<BrandOverview />', '<BrandOverveiw />');
      const misspelt = new RegExp(`slides/hecm-purchase\\.mdx:${brandLine}:\\d+ [^\\n]*BrandOverveiw[^\\n]*BrandOverview`);
      await expect.poll(() => overlay(page), WAIT).toMatch(misspelt);
      await expect.poll(dev.output, WAIT).toMatch(misspelt);
      edit('hecm-purchase.mdx', '<BrandOverveiw />', '<BrandOverview />');
      await expectRecovered(page, title);
      edit('hecm-purchase.mdx', '<Section title="How the program works">', '<Note>\n\n<Section title="How the program works">');
      // The check's message and advice, not the MDX compiler's, even if the browser asks for the body first.
      await expect.poll(() => overlay(page), WAIT).toMatch(new RegExp(`slides/hecm-purchase\\.mdx:${sectionLine}:1 MDX syntax: [^\\n]*close it with </Note>`));
    } finally {
      writeFileSync(slide('hecm-purchase.mdx'), original);
    }
    await expectRecovered(page, title);
    await page.close();
  });

  it('serves a slide added while it runs, without a restart', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/problem`);
    await page.locator('#slide-title').waitFor();
    writeFileSync(
      slide('appendix.mdx'),
      [
        '---',
        'name: Appendix',
        'label: Appendix',
        'outsideDeck: true',
        'eyebrow: Appendix',
        'title: Further reading',
        '---',
        '',
        'Sources and methods.',
        '',
      ].join('\n'),
    );
    try {
      // The open page reloads with the new registry, and the new route renders.
      const appendix = async () => {
        // A navigation the open page's own reload interrupts is simply tried again by the poll.
        await page.goto(`${url}/appendix`, { timeout: 10_000 }).catch(() => undefined);
        await page
          .locator('h1')
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        return heading(page);
      };
      await expect.poll(appendix, WAIT).toBe('Further reading');
      expect(await overlay(page)).toBe('');
    } finally {
      rmSync(slide('appendix.mdx'));
    }
    await page.close();
  });

  it('reports a deleted slide (the deck order broken) in the overlay and the terminal, and recovers once it is back', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/problem`);
    const title = await slideTitle(page);
    const aside = join(work, 'reverse-guide.mdx.aside');
    // Only this deletion's output: the test before may leave a stale request for the slide it removed.
    const earlier = dev.output().length;
    const output = () => dev.output().slice(earlier);
    renameSync(slide('reverse-guide.mdx'), aside);
    try {
      // A gap in the order: the error points at deck.yaml's length line, not at a missing module.
      const error = /slides\/deck\.yaml:\d+:\d+ deck\.length: [^\n]*16 pages have an order and none has order 15/;
      await expect.poll(() => overlay(page), WAIT).toMatch(error);
      await expect.poll(output, WAIT).toMatch(error);
      expect(await overlay(page)).not.toContain('Failed to load url');
      expect(output()).not.toContain('Failed to load url');
    } finally {
      renameSync(aside, slide('reverse-guide.mdx'));
    }
    await expectRecovered(page, title);
    await page.close();
  });

  it("reports links left stale by a page's new name, and recovers once the name is back", async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/remo-ai`);
    const title = await slideTitle(page);
    const linkLine = lineOf('remo-ai.mdx', '<LinkButton to="CoreTechnology">');
    edit('core-technology.mdx', /^name: CoreTechnology$/m, 'name: CoreTech');
    try {
      const stale = new RegExp(`slides/remo-ai\\.mdx:${linkLine}:\\d+ [^\\n]*CoreTechnology`);
      await expect.poll(() => overlay(page), WAIT).toMatch(stale);
      await expect.poll(dev.output, WAIT).toMatch(stale);
    } finally {
      edit('core-technology.mdx', /^name: CoreTech$/m, 'name: CoreTechnology');
    }
    await expectRecovered(page, title);
    await page.close();
  });

  it('starts on broken content and shows the error in the overlay of the first page, then recovers', async () => {
    edit('hecm-purchase.mdx', /^order: 8$/m, 'order: eight');
    try {
      const second = await startDev();
      const page = await browser.newPage();
      await page.goto(`${second.url}/problem`);
      await expect.poll(() => overlay(page), WAIT).toContain('slides/hecm-purchase.mdx:4:8 order: must be a number');
      expect(second.output()).toContain('slides/hecm-purchase.mdx:4:8 order: must be a number');
      edit('hecm-purchase.mdx', /^order: eight$/m, 'order: 8');
      await expect.poll(() => overlay(page), WAIT).toBe('');
      await expect.poll(() => page.locator('#slide-title').count(), WAIT).toBe(1);
      await page.close();
      second.process.kill('SIGTERM');
    } finally {
      writeFileSync(slide('hecm-purchase.mdx'), readFileSync(slide('hecm-purchase.mdx'), 'utf8').replace(/^order: eight$/m, 'order: 8'));
    }
  });
});
