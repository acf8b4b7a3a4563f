import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The sign-in page as a person uses it: sent there from a deck page, they sign in and are taken
// back to that page (its from_url). Shared by the browser tests that sign in through the page.

/**
 * On the sign-in page the deck sent `page` to from `path`: signs in as `email` and waits until the
 * page leaves the sign-in page. Landing anywhere but `path` fails at once, naming where it landed,
 * rather than after a navigation timeout.
 */
export async function signInReturningTo(page: Page, path: string, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/login/);
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => !/^\/login(\.html)?$/.test(url.pathname));
  const landed = new URL(page.url());
  expect(
    landed.pathname,
    `${email} signed in on the way to ${path} and was sent to ${landed.pathname}${landed.search}: the sign-in page did not follow its from_url`,
  ).toBe(path);
}

/** On the sign-in page: fills in `email` and `password` and presses Sign in, as a person does; what follows is the caller's to wait for. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^Sign in$/i }).click();
}
