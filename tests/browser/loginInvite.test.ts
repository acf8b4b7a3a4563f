import type { Browser } from 'playwright-core';
import { axeViolations } from './axeViolations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL } from '../../schemas/accessWire.ts';
import { testChromium } from './sharedChromium.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer.ts';

// The invited partner's whole way in, from the mail a real SMTP server on loopback
// received to the deck, in chromium, with fresh browser contexts as a partner's own browser.
const PARTNER = 'partner@lender.example';
const PASSWORD = 'lender-chosen-passphrase-7';
let smtp: TestSmtpServer;
let p: TestPlatform;
let browser: Browser;
let link: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck', smtpUrl: smtp.url });
  browser = await testChromium();
  const admin = await p.login(ADMIN.email, ADMIN.password);
  const invited = await p.call('POST', ACCESS_CALL.invite, {
    token: admin,
    body: { user_email: PARTNER, role: 'user', prepared_for: { name: 'Dana Reyes', company: 'Lender Example Bank' } },
  });
  expect(invited.status).toBe(200);
  const mail = await smtp.waitForMail(PARTNER, /invited you/i);
  link = /https?:\/\/\S+invite_token=\S+/.exec(mail.text)?.[0] ?? '';
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
  await smtp?.close();
});

const freshPage = async () => (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();

describe('an invitation link from the mail', () => {
  it('asks the partner for a password only, shows refusals next to the field, then opens their own deck signed in', async () => {
    expect(link).toMatch(/^http:\/\/localhost:\d+\/login\?invite_token=/);
    const page = await freshPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(PARTNER);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    const found = await axeViolations(page, 'invitation form');

    // Keyboard only: the fields and the button are reached with Tab, the form sent with Enter.
    await page.getByLabel('Choose a password').focus();
    await page.keyboard.type('password1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('password1234');
    await page.keyboard.press('Enter');
    const password = page.getByLabel('Choose a password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const described = await password.getAttribute('aria-describedby');
    const fieldError = await page.locator(`[id="${described!.split(' ').at(-1)}"]`).textContent();
    expect(fieldError).toMatch(/The new password is among commonly breached passwords/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('new-password');
    found.push(...(await axeViolations(page, 'invitation form, refused password')));

    await password.fill(PASSWORD);
    await page.getByLabel('Password again').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Set password and open the deck' }).click();
    await page.getByText('The two passwords differ.').waitFor();
    await page.getByLabel('Password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and open the deck' }).click();

    await page.waitForURL(new URL('/', link).href);
    await expect.poll(() => page.textContent('main'), { timeout: 15_000 }).toContain('Prepared for Dana Reyes, Lender Example Bank');
    // Signed in for real: the session cookie opens the prerendered pages, and the password works at the sign-in call.
    expect(await (await page.context().request.get(new URL('/market', link).href)).text()).toContain('$13.95T');
    expect(await p.login(PARTNER, PASSWORD)).toEqual(expect.any(String));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('explains a link used already, offers the sign-in form and grants nothing', async () => {
    const page = await freshPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Invitation already used' }).waitFor();
    await page.getByText('This invitation was already used. Sign in with your password.').waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    const found = await axeViolations(page, 'used link');

    await page.getByRole('button', { name: 'Sign in with your password' }).click();
    await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    // Nothing was granted: this browser still gets the content-free shell, not the page.
    expect(await (await page.context().request.get(new URL('/market', link).href)).text()).not.toContain('$13.95T');
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('explains a link that was never valid', async () => {
    const page = await freshPage();
    await page.goto(`${p.url}/login?invite_token=not-a-real-invitation`);
    await page.getByRole('heading', { name: 'Invitation link not valid' }).waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    expect(await axeViolations(page, 'unknown link')).toEqual([]);
    await page.context().close();
  });

  it('says so when the link cannot be checked, and checks again on request', async () => {
    const page = await freshPage();
    // The network drops the status call once: the page must not guess, and must not offer a form.
    let dropped = 0;
    await page.route('**/auth/invite-status', (route) => (dropped++ === 0 ? route.abort('connectionfailed') : route.continue()));
    await page.goto(`${p.url}/login?invite_token=not-a-real-invitation`);
    await page.getByText('The server could not be reached').waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    const found = await axeViolations(page, 'status check failed');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Invitation link not valid' }).waitFor();
    expect(dropped).toBe(2);
    expect(found).toEqual([]);
    await page.context().close();
  });
});
