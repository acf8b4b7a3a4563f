import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, launchChromium, TOP_CHROME_WEBUI_FEATURES } from '../../src/build/chromium.ts';
import { eventually } from '../support/waitFor.ts';

// The flags every browser test and bench run launches chromium with (src/build/chromium.ts), read
// back off the running processes.

interface Proc {
  pid: number;
  ppid: number;
  /** Clock ticks after boot when it started. */
  started: number;
  args: string[];
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Chromium's children rewrite their argv into one space-separated string.
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
        .split('\0')
        .flatMap((arg) => arg.split(' '))
        .filter(Boolean);
      found.push({ pid: Number(entry), ppid: Number(fields[1]), started: Number(fields[19]), args });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/**
 * The chromium this test launched last, and every process under it: the worker may also run the
 * chromium its browser files share (sharedChromium.ts), started earlier.
 */
function chromiumTree(): { browser: Proc; tree: Proc[] } {
  const all = processes();
  const browser = all.filter((proc) => proc.ppid === process.pid && proc.args[0]?.includes('chromium')).sort((a, b) => b.started - a.started)[0];
  if (!browser) throw new Error('no chromium started by this process');
  const tree = [browser];
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((proc) => proc.ppid === tree[i]!.pid));
  return { browser, tree };
}

const topChromeRenderers = () => chromiumTree().tree.filter((proc) => proc.args.includes('--top-chrome-webui'));

async function openPage(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('data:text/html,<title>probe</title><h1>probe</h1>');
  await page.getByRole('heading', { name: 'probe' }).waitFor();
}

describe('the chromium the tests and the bench launch', () => {
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it('keeps Playwright’s disabled features in its one effective --disable-features switch', async () => {
    browser = await launchChromium(['--disable-features=SomethingOfTheCaller']);
    const switches = chromiumTree().browser.args.filter((arg) => arg.startsWith('--disable-features='));
    const names = (arg: string) => arg.slice('--disable-features='.length).split(',').filter(Boolean);
    // Chromium honours only the last one.
    const effective = new Set(names(switches.at(-1)!));
    for (const earlier of switches.slice(0, -1)) for (const name of names(earlier)) expect(effective, `${name} (Playwright's list changed?)`).toContain(name);
    for (const name of [...TOP_CHROME_WEBUI_FEATURES, 'SomethingOfTheCaller']) expect(effective).toContain(name);
  });

  it('starts no renderer for the address bar’s popup beside the pages', async () => {
    // Control: Playwright's own flags start one with each new context, so the probe can see it.
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    await openPage(browser);
    await eventually(() => topChromeRenderers().length > 0, { timeoutMs: 10_000, what: 'the control’s top-chrome renderer' });
    await browser.close();

    browser = await launchChromium();
    await openPage(browser);
    await openPage(browser);
    expect(chromiumTree().tree.filter((proc) => proc.args.includes('--type=renderer')).length).toBeGreaterThanOrEqual(1);
    expect(topChromeRenderers()).toEqual([]);
  }, 30_000);
});
