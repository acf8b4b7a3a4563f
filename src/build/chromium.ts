import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium: no test tool can download a browser on this network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep headless chromium off the closed network and quiet. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Headless chromium 156 opens the address bar's popup (chrome://omnibox-popup.top-chrome) in a
 * renderer of its own for every new browser context, and no page ever shows it. On this 2-core
 * machine it took 0.9–1.5 s of CPU during each cold page open, beside the page being measured (and
 * every test's page): a person's browser loads it once per window, not per page. Turning off any
 * one of these alone, or the first two together, still started it; all four together stop it.
 */
export const TOP_CHROME_WEBUI_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65). Chromium keeps only the last
 * `--disable-features` switch, and Playwright puts ours after its own, so ours must carry its list
 * too; tests/browser/chromiumFlags.test.ts fails when Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

const DISABLE_FEATURES = '--disable-features=';

/** `args` with one `--disable-features` switch: Playwright's, ours and any the caller names. */
export function withDisabledFeatures(args: readonly string[]): string[] {
  const named = args.filter((arg) => arg.startsWith(DISABLE_FEATURES)).flatMap((arg) => arg.slice(DISABLE_FEATURES.length).split(','));
  const features = new Set([...PLAYWRIGHT_DISABLED_FEATURES, ...TOP_CHROME_WEBUI_FEATURES, ...named].filter(Boolean));
  return [...args.filter((arg) => !arg.startsWith(DISABLE_FEATURES)), `${DISABLE_FEATURES}${[...features].join(',')}`];
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: withDisabledFeatures([...FLAGS, ...extraArgs]) });
}
