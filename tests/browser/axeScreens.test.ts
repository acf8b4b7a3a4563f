import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axeViolations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { testChromium } from './sharedChromium.ts';
import { fillSignIn } from './signIn.ts';

// Zero axe violations of any impact on every form of the sign-in page and on every
// system screen of the gate, at 1280 and 390 px (the routes themselves: routes.test.ts; the
// access-ended screen: accessEnded.test.ts). Each state is scanned as a visitor reaches it.
let p: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** Waits until a form's alert region has a message (the region is always there, empty until then). */
const alertShown = (page: Page) => page.waitForFunction(() => [...document.querySelectorAll('[role="alert"]')].some((element) => element.textContent?.trim()));

const newPage = async () => (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();

const signInPage = async () => {
  const page = await newPage();
  await page.goto(`${p.url}/login`);
  await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();
  return page;
};

describe('the sign-in page, every form', () => {
  // Fourteen scans (seven states at two widths) in one test took most of its minute on a loaded CI machine,
  // so the journey is cut in three, each from its own page.
  it('sign in, and a wrong password', async () => {
    await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: 'axe-wrong@lender.test', role: 'user' } });
    const page = await signInPage();
    const found = await axeViolations(page, 'sign in');

    await fillSignIn(page, 'axe-wrong@lender.test', 'not-the-password-1');
    await alertShown(page);
    found.push(...(await axeViolations(page, 'sign in, wrong password')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('create account, code entry, and a wrong code', async () => {
    await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: 'axe@lender.test', role: 'user' } });
    const page = await signInPage();
    const found: string[] = [];
    await page.getByLabel('Email').fill('axe@lender.test');
    await page.getByRole('button', { name: /Create your account/ }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    found.push(...(await axeViolations(page, 'create account')));

    await page.getByLabel('Choose a password').fill('axe-viewer-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('6-digit code').waitFor();
    found.push(...(await axeViolations(page, 'code entry')));

    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await alertShown(page);
    found.push(...(await axeViolations(page, 'code entry, wrong code')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('forgot password, and its notice', async () => {
    const page = await signInPage();
    const found: string[] = [];
    await page.getByRole('button', { name: /Forgot your password/ }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    found.push(...(await axeViolations(page, 'forgot password')));

    await page.getByLabel('Email').fill('axe@lender.test');
    await page
      .getByRole('button', { name: /link|reset|send/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('If an account exists');
    found.push(...(await axeViolations(page, 'sign in, reset link notice')));

    expect(found).toEqual([]);
    await page.context().close();
  });

  it('the reset form from an emailed link, its error for a link that died while open, and a dead link as it opens', async () => {
    await registeredUser(p, 'reset-axe@lender.test', 'first-password-12');
    await p.call('POST', '/auth/reset-password-request', { body: { email: 'reset-axe@lender.test' } });
    const link = /reset_token=([A-Za-z0-9_-]+)/.exec(await latestMail(p, 'reset-axe@lender.test', 'reset'))![1]!;
    const page = await newPage();
    const found: string[] = [];
    await page.goto(`${p.url}/login?reset_token=${link}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    found.push(...(await axeViolations(page, 'reset')));
    // The link dies while the form is open (used in another tab): the refusal, then why.
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: link, new_password: 'another-password-12' } })).status).toBe(200);
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-12');
    await page.getByLabel('New password again').fill('a-new-password-12');
    await page
      .getByRole('button', { name: /password/i })
      .last()
      .click();
    await page.getByRole('heading', { name: 'Reset link already used' }).waitFor();
    found.push(...(await axeViolations(page, 'reset, a link that died while open')));
    // A dead link is refused as it opens, before anything is typed.
    await page.goto(`${p.url}/login?reset_token=not-a-live-token`);
    await page.getByRole('heading', { name: 'Reset link not valid' }).waitFor();
    found.push(...(await axeViolations(page, 'reset, dead link')));
    expect(found).toEqual([]);
    await page.context().close();
  });
});

describe('the system screens of the gate', () => {
  it('Loading (settings held back), the load failure (settings fail twice) and Access Restricted', async () => {
    const found: string[] = [];
    const settings = /\/public-settings\/by-id\//;

    // With a token: a visitor without one goes straight to the sign-in page, reading no settings.
    const viewer = await registeredUser(p, 'gate-screens@lender.test', 'gate-password-12');
    const loading = await newPage();
    await loading.route(settings, () => undefined);
    await loading.goto(`${p.url}/market?access_token=${viewer}`);
    await loading.getByRole('status').filter({ hasText: 'Loading' }).waitFor();
    found.push(...(await axeViolations(loading, 'Loading')));
    await loading.context().close();

    const failing = await newPage();
    await failing.route(settings, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"down"}' }));
    await failing.goto(`${p.url}/market?access_token=${viewer}`);
    await failing.getByRole('heading', { name: 'Failed to load app' }).waitFor({ timeout: 10_000 });
    found.push(...(await axeViolations(failing, 'load failure')));
    await failing.context().close();

    const stranger = await registeredUser(p, 'uninvited-axe@elsewhere.test', 'uninvited-password-1', false);
    const restricted = await newPage();
    await restricted.goto(`${p.url}/market?access_token=${stranger}`);
    await restricted.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    found.push(...(await axeViolations(restricted, 'Access Restricted')));
    await restricted.context().close();

    expect(found).toEqual([]);
  });
});
