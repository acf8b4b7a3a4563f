import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { TOKEN_STORAGE_KEYS } from '../../schemas/platformWire.ts';
import type { TestPlatform } from '../platform/harness.ts';
import { firstIdle } from './firstIdle.ts';
import { signInReturningTo } from './signIn.ts';

// Shared by the browser tests: a person in their own browser context, signed in through the sign-in
// page and looking at a deck page, or signed in by the API (no sign-in page to wait for).

/**
 * A fresh context (no cookie, no storage), or the one given, signed in as `email`, on `path` with its
 * heading shown and its keys answered.
 */
export async function signedInPage(browser: Browser, p: TestPlatform, email: string, password: string, path = '/', context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
  await page.goto(`${p.url}${path}`);
  await signInReturningTo(page, path, email, password);
  await page.locator('#slide-title').waitFor();
  await hydrated(page);
  return page;
}

/**
 * Waits until a signed-in deck page has hydrated and its effects ran: the Account menu renders only
 * after hydration, and the first idle moment comes after its effects (the key listener among them).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).waitFor();
  await firstIdle(page);
}

/** The path the page shows now. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * A fresh context (with `options`, 1280×800 by default) signed in as `email` through the API: the
 * token the sign-in page would have stored is put in storage before the first page runs, and only
 * if none is there, so a page that signs out stays signed out across a reload.
 */
export async function signedInWithToken(
  browser: Browser,
  p: TestPlatform,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const reply = await context.request.post(`${p.url}/api/apps/${p.appId}/auth/login`, { data: { email, password } });
  expect(reply.status()).toBe(200);
  const { access_token: token } = (await reply.json()) as { access_token: string };
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [TOKEN_STORAGE_KEYS[0], token] as const,
  );
  return context.newPage();
}

/**
 * An admin's Present (F) or Start presenting asks who the presentation is for first: chooses `whom`
 * (a Prepared-for line, or nobody in particular) and starts.
 */
export async function presentFor(page: Page, start: 'present' | 'follow', whom: string | RegExp = /^Nobody in particular/): Promise<void> {
  if (start === 'present') await page.locator('body').press('f');
  else await page.getByRole('button', { name: 'Start presenting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Who is this presentation for?' });
  await dialog.getByRole('radio', { name: whom }).check();
  await dialog.getByRole('button', { name: start === 'present' ? 'Present' : 'Start presenting' }).click();
  await dialog.waitFor({ state: 'detached' });
}
