import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { testChromium } from './sharedChromium.ts';
import { fillSignIn } from './signIn.ts';

// In the browser: the deck's registry (settings, page titles) is gated content, and a
// visitor the gate turns away never even asks for it. The built deck behind the local platform.
let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform('private_with_login', { staticDir: 'dist' });
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

/** A fresh page that records the path of every request it makes. */
async function recordingPage(): Promise<{ page: Page; paths: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return { page, paths };
}

const contentRequests = (paths: string[]) => paths.filter((path) => path.startsWith('/assets/content/') || path === '/logo.svg');

describe('a visitor the gate turns away', () => {
  it('is sent to sign in from a page and from an unknown path without one request for gated content', async () => {
    for (const path of ['/market', '/no-such-page']) {
      const { page, paths } = await recordingPage();
      await page.goto(`${platform.url}${path}`);
      await page.waitForURL(/\/login\?from_url=/);
      await page.getByLabel('Email').waitFor();
      expect(paths.length, path).toBeGreaterThan(2);
      expect(contentRequests(paths), path).toEqual([]);
      await page.context().close();
    }
  });

  it('signed in without an invitation: Access Restricted, and still no registry', async () => {
    await registeredUser(platform, 'uninvited@elsewhere.test', 'uninvited-password-1', false);
    const { page, paths } = await recordingPage();
    await page.goto(`${platform.url}/login`);
    await fillSignIn(page, 'uninvited@elsewhere.test', 'uninvited-password-1');
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    expect(contentRequests(paths)).toEqual([]);
    await page.context().close();
  });

  it('an admitted viewer loads the registry and sees the company name in the header', async () => {
    const { page, paths } = await recordingPage();
    await page.goto(`${platform.url}/login`);
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${platform.url}/`);
    await page.goto(`${platform.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    // The header fills in once the registry has come (after the 404 screen shows).
    await expect.poll(() => page.textContent('.deck-header__home')).not.toBe('Home');
    expect(contentRequests(paths).some((path) => path.startsWith('/assets/content/registry-'))).toBe(true);
    await page.context().close();
  });
});
