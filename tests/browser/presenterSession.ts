import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestPlatform } from '../platform/harness.ts';

// Shared by the presenting browser tests (presenter window, follow-me): a person in their own
// browser context, signed in through the sign-in page and looking at a deck page.

/**
 * A fresh context (no cookie, no storage), or the one given, signed in as `email`, on `path` with its
 * heading shown.
 */
export async function signedInPage(browser: Browser, p: TestPlatform, email: string, password: string, path = '/', context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
  await page.goto(`${p.url}${path}`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^Sign in$/i }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.locator('#slide-title').waitFor();
  return page;
}

/** The path the page shows now. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;
