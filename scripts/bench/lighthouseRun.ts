import lighthouse from 'lighthouse';
import { freePort } from '../support/previewServer.ts';
import { launchChromium } from '../../src/build/chromium.ts';

/** The figures of one Lighthouse run (scores 0-100, times in ms). */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's runtime error or warnings, if any. */
  warnings: string[];
}

/**
 * One Lighthouse run (12.x Node API, default config = mobile form factor with simulated throttling)
 * against a fresh Debian chromium launched through playwright-core with a remote-debugging port.
 */
export async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const port = await freePort();
  const browser = await launchChromium([`--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1']);
  try {
    const result = await lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
    };
    const warnings = [...(lhr.runWarnings ?? [])];
    if (lhr.runtimeError) warnings.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      warnings,
    };
  } finally {
    await browser.close();
  }
}
