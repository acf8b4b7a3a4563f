import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer.ts';
import { signInReturningTo, fillSignIn } from './signIn.ts';

// Sharing the deck end to end, each person in their own browser context, every step through the screens a
// person uses (the console, the mail a real SMTP server received, the sign-in page, the deck): the
// admin invites the partner with a "Prepared for", the partner comes in by the mailed link alone
// and sees their own cover, the admin revokes and the partner's open deck ends; a stranger asks for
// access, the admin is told at once and approves, and the stranger gets in.
const PARTNER = 'dana@lender.example';
const PARTNER_PASSWORD = 'a-partner-chosen-passphrase';
const STRANGER = 'sam@other-bank.example';
const STRANGER_PASSWORD = 'a-stranger-chosen-passphrase';
const ENDED = 'Your access to this deck has ended';

let smtp: TestSmtpServer;
let p: TestPlatform;
let browser: Browser;
let admin: Page;

const freshPage = async () => (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();

/** Signs in through the sign-in page and lands on `path`. */
async function signIn(page: Page, email: string, password: string, path: string): Promise<void> {
  await page.goto(`${p.url}${path}`);
  await signInReturningTo(page, path, email, password);
}

/** The first http(s) link in a mail's text that matches. */
const linkIn = (text: string, pattern: RegExp) => new RegExp(`https?://\\S*${pattern.source}\\S*`).exec(text)?.[0];

beforeAll(async () => {
  smtp = await startSmtpServer();
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck', smtpUrl: smtp.url });
  browser = await testChromium();
  admin = await freshPage();
  await signIn(admin, ADMIN.email, ADMIN.password, ADMIN_PATH);
  await admin.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
  await smtp?.close();
});

describe('sharing the deck, from the console to the partner and back', () => {
  let partner: Page;
  // Links in mail start with the platform's public address (localhost), the partner's origin from then on.
  let partnerOrigin: string;

  it('the admin invites the partner from the console; the mailed link alone lets them in, to their own cover', async () => {
    await admin.getByLabel('Email').fill(PARTNER);
    const preparedFor = admin.getByRole('group', { name: 'Prepared for (optional)' });
    await preparedFor.getByLabel('Name').fill('Dana Reyes');
    await preparedFor.getByLabel('Company').fill('Lender Example Bank');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    // Links lead to localhost here: the console asks once before the first invitation.
    await admin.getByRole('dialog', { name: 'Invite before the deck is ready?' }).getByRole('button', { name: 'Invite anyway' }).click();
    await admin.getByText(`Invitation sent to ${PARTNER}.`).waitFor();

    const mail = await smtp.waitForMail(PARTNER, /invit/i);
    const link = linkIn(mail.text, /invite_token=/);
    expect(link).toBeDefined();
    // With a mail server the link travels only by mail: neither the log nor the outbox holds it.
    expect(p.logs.join('\n')).not.toContain(link!);

    partner = await freshPage();
    partnerOrigin = new URL(link!).origin;
    await partner.goto(link!);
    await partner.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await partner.getByLabel('Choose a password').fill(PARTNER_PASSWORD);
    await partner.getByLabel('Password again').fill(PARTNER_PASSWORD);
    await partner.getByRole('button', { name: 'Set password and open the deck' }).click();
    await partner.waitForURL(`${partnerOrigin}/`);
    await expect.poll(() => partner.textContent('main'), { timeout: 15_000 }).toContain('Prepared for Dana Reyes, Lender Example Bank');

    // The console lists them as joined once they are in.
    await admin.reload();
    const row = admin.locator(`tr[data-person="${PARTNER}"]`);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Joined');
  });

  it('revoking in the console ends the partner’s open deck at once, and their password no longer opens it', async () => {
    await partner.goto(`${partnerOrigin}/market`);
    await expect.poll(() => partner.textContent('main')).toContain('$13.95T');
    // The access socket opens on activity; the revocation reaches the page through it.
    await partner.mouse.move(200, 200);
    await partner.mouse.move(300, 300);

    const row = admin.locator(`tr[data-person="${PARTNER}"]`);
    await row.getByRole('button', { name: /^Revoke/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Revoke access?' });
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');

    await partner.getByRole('heading', { name: ENDED }).waitFor({ timeout: 10_000 });
    expect(await partner.textContent('body')).not.toContain('$13.95T');

    const again = await freshPage();
    await again.goto(`${p.url}/login`);
    await fillSignIn(again, PARTNER, PARTNER_PASSWORD);
    await again
      .getByText(/access to this deck has ended/i)
      .first()
      .waitFor();
    expect(new URL(again.url()).pathname).toBe('/login');
    await again.context().close();
    await partner.context().close();
  });
});

describe('someone nobody invited', () => {
  it('asks for access; the admin gets a toast and approves in one click; the stranger gets in and is told by mail', async () => {
    const stranger = await freshPage();
    await stranger.goto(`${p.url}/login?mode=register`);
    await stranger.getByLabel('Email').fill(STRANGER);
    await stranger.getByLabel('Choose a password').fill(STRANGER_PASSWORD);
    await stranger.getByRole('button', { name: 'Create account' }).click();
    const codeMail = await smtp.waitForMail(STRANGER, /code/i);
    const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await stranger.getByLabel('6-digit code').fill(code!);
    await stranger.getByRole('button', { name: 'Confirm', exact: true }).click();

    await stranger.getByRole('heading', { name: 'Access Restricted' }).waitFor({ timeout: 15_000 });
    await stranger.getByRole('button', { name: 'Request access' }).click();
    await stranger.getByLabel(/Message to the deck/).fill('Head of reverse lending at Other Bank.');
    await stranger.getByRole('button', { name: 'Send request' }).click();
    await stranger.getByRole('status').filter({ hasText: 'Request sent' }).waitFor();

    // The admin, still on the console, is told at once.
    await admin
      .getByRole('status')
      .filter({ hasText: `Access request from ${STRANGER}` })
      .waitFor({ timeout: 10_000 });
    await admin.getByRole('button', { name: `Approve ${STRANGER}` }).click();
    await smtp.waitForMail(STRANGER, 'Your access to the deck was approved');

    await stranger.goto(`${p.url}/market`);
    await expect.poll(() => stranger.textContent('main'), { timeout: 15_000 }).toContain('$13.95T');
    await stranger.context().close();
  });
});
