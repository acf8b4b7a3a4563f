import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, INVITE_TOKEN_PARAM } from '../../schemas/accessWire.ts';
import { testChromium } from './sharedChromium.ts';
import { ADMIN, latestMail, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { axeViolations } from './axeViolations.ts';
import { signInReturningTo, fillSignIn } from './signIn.ts';

// Passwords, in chromium against the local platform serving the built deck: a person's own
// password change ends their other sessions with words that say so (never "ask for a new invitation");
// a used reset link is refused when it is opened, before anything is typed; an invitation a
// password change ended says why.
const ACCESS_ENDED = 'Your access to this deck has ended';
let p: TestPlatform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck', publicUrl: 'https://deck.example' });
  admin = await p.login(ADMIN.email, ADMIN.password);
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** A device: its own browser context, signed in through the sign-in page, on /market with its socket accepted. */
async function device(email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const accepted = page
    .waitForEvent('websocket')
    .then((ws) => new Promise<void>((resolve) => ws.on('framereceived', ({ payload }) => String(payload).startsWith('40') && resolve())));
  await page.goto(`${p.url}/market`);
  await signInReturningTo(page, '/market', email, password);
  await page.getByRole('button', { name: 'Account' }).waitFor();
  await page.mouse.move(200, 200);
  await page.mouse.move(300, 300);
  await accepted;
  return page;
}

/** The sign-in page opened on a mailed link, as the person's mail program would open it. */
async function openLink(url: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(url.replace('https://deck.example', p.url));
  return page;
}

async function resetLink(email: string): Promise<string> {
  await p.call('POST', '/auth/reset-password-request', { body: { email } });
  return /(https:\/\/deck\.example\/login\?reset_token=[A-Za-z0-9_-]+)/.exec(await latestMail(p, email, 'reset'))![1]!;
}

describe('a session the person’s own password change ended', () => {
  it('says so on the other device and offers to sign in again, never to ask for a new invitation', async () => {
    const token = await registeredUser(p, 'two-devices@fund.example', 'first-password-1');
    const other = await device('two-devices@fund.example', 'first-password-1');
    const id = (await p.call('GET', '/entities/User/me', { token })).body.id as string;
    expect(
      (
        await p.call('POST', ACCESS_CALL.changePassword, {
          token,
          body: { user_id: id, current_password: 'first-password-1', new_password: 'second-password-2' },
        })
      ).status,
    ).toBe(200);
    await other.getByRole('heading', { name: 'Your password was changed' }).waitFor({ timeout: 5000 });
    const text = await other.textContent('body');
    expect(text).toContain('Sign in again with your new password');
    expect(text).not.toContain('invite you again');
    expect(text).not.toContain(ACCESS_ENDED);
    expect(text).not.toContain('$13.95T');
    expect(await axeViolations(other, 'session ended by a password change', [1280])).toEqual([]);
    // A reload keeps saying why, and "Sign in again" leads to the sign-in page and back.
    await other.reload();
    await other.getByRole('heading', { name: 'Your password was changed' }).waitFor();
    await other.getByRole('button', { name: 'Sign in again' }).click();
    await other.waitForURL(/\/login/);
    await fillSignIn(other, 'two-devices@fund.example', 'second-password-2');
    await other.waitForURL(`${p.url}/market`);
    await other.locator('#slide-title').waitFor();
    await other.context().close();
  });

  it('after a reset by mail, says the password was reset', async () => {
    await registeredUser(p, 'reset-device@fund.example', 'first-password-1');
    const other = await device('reset-device@fund.example', 'first-password-1');
    const link = await resetLink('reset-device@fund.example');
    const token = new URL(link).searchParams.get('reset_token');
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: token, new_password: 'second-password-2' } })).status).toBe(200);
    await other.getByRole('heading', { name: 'Your password was reset' }).waitFor({ timeout: 5000 });
    expect(await other.textContent('body')).not.toContain('invite you again');
    await other.context().close();
  });

  it('an admin’s revocation still reads as ended access', async () => {
    await registeredUser(p, 'revoked-device@fund.example', 'first-password-1');
    const other = await device('revoked-device@fund.example', 'first-password-1');
    const [person] = (await p.call('GET', '/entities/User?q=' + encodeURIComponent(JSON.stringify({ email: 'revoked-device@fund.example' })), { token: admin }))
      .body;
    expect((await p.call('POST', ACCESS_CALL.revoke(person.id), { token: admin })).status).toBe(200);
    await other.getByRole('heading', { name: ACCESS_ENDED }).waitFor({ timeout: 5000 });
    await other.context().close();
  });
});

describe('a reset link', () => {
  it('already used is refused as it opens, before any password is typed', async () => {
    await registeredUser(p, 'used-link@fund.example', 'first-password-1');
    const link = await resetLink('used-link@fund.example');
    const first = await openLink(link);
    await first.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await first.getByLabel('New password', { exact: true }).fill('second-password-2');
    await first.getByLabel('New password again').fill('second-password-2');
    await first.getByRole('button', { name: 'Set new password' }).click();
    await first.getByText('Your password has been changed').waitFor();

    const again = await openLink(link);
    await again.getByRole('heading', { name: 'Reset link already used' }).waitFor();
    expect(await again.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await again.textContent('main')).toContain('already used');
    expect(await axeViolations(again, 'a used reset link', [1280, 390])).toEqual([]);
    await again.getByRole('button', { name: 'Send me a new link' }).click();
    await again.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await first.context().close();
    await again.context().close();
  });
});

describe('an invitation link', () => {
  it('ended by a password the person chose since says so, not that a newer one replaced it', async () => {
    expect((await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'chose-since@fund.example' } })).status).toBe(200);
    const invitation = new RegExp(`(https://deck\\.example/login\\?${INVITE_TOKEN_PARAM}=[A-Za-z0-9_-]+)`).exec(
      await latestMail(p, 'chose-since@fund.example', 'invite'),
    )![1]!;
    const reset = new URL(await resetLink('chose-since@fund.example')).searchParams.get('reset_token');
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: reset, new_password: 'chosen-password-2' } })).status).toBe(200);
    const page = await openLink(invitation);
    await page.getByRole('heading', { name: 'You already have a password' }).waitFor();
    expect(await page.textContent('main')).not.toMatch(/newer/);
    await page.getByRole('button', { name: 'Sign in with your password' }).click();
    await page.getByRole('heading', { name: 'Sign in to view the deck' }).waitFor();
    await page.context().close();
  });
});
