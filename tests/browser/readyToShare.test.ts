import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';
import { FIGURES_FILE, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../support/smtpServer.ts';
import { axeViolations } from './axeViolations.ts';
import { testChromium } from './sharedChromium.ts';

// An owner's first hour, in chromium against the built deck, the real platform and a real SMTP
// server on loopback. The first start has nothing set but the admin's address: the first sign-in asks
// for a name and a password of the owner's own, the console's "Ready to share" list says what is left,
// and an invitation before then asks once, naming the localhost link the partner would get. Started
// again with MAIL_FROM and PUBLIC_URL set, the owner sends the test mail and the list reads "Ready to
// share"; the invitation that follows is parsed and rendered at 600 and 390 px.
const work = mkdtempSync(join(tmpdir(), 'ready-to-share-'));
const dist = join(work, 'dist');
const dataDir = join(work, 'data');
const PARTNER = 'dana@lender-bank.example';
const NEW_PASSWORD = 'ann-owns-this-passphrase-1';
let smtp: TestSmtpServer;
let browser: Browser;

/** The build's ledger with every figure given a test source (the real sources are the owners' to give). */
function sourcedLedger(): LedgerSnapshot {
  const ledger = JSON.parse(readFileSync(join('dist-server', FIGURES_FILE), 'utf8')) as LedgerSnapshot;
  for (const figure of Object.values(ledger.figures)) Object.assign(figure, { source: 'Test source', asOf: '2025-06' });
  return ledger;
}

beforeAll(async () => {
  cpSync('dist', dist, { recursive: true });
  const pdf = await PDFDocument.create();
  pdf.addPage([960, 540]);
  writeFileSync(join(dist, DECK_PDF_FILE), await pdf.save());
  mkdirSync(join(work, 'dist-server'));
  writeFileSync(join(work, 'dist-server', FIGURES_FILE), JSON.stringify(sourcedLedger()));
  smtp = await startSmtpServer();
  browser = await testChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await smtp?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A start of the platform on the same data folder, as `npm start` would after the operator set `env`. */
const start = (env: Parameters<typeof startTestPlatform>[1]) =>
  startTestPlatform('private_with_login', {
    dataDir,
    staticDir: dist,
    smtpUrl: smtp.url,
    adminName: undefined,
    adminPassword: undefined,
    deck: { company: 'Reverse Holdings Group', title: 'investor deck' },
    ...env,
  });

async function signIn(p: TestPlatform, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${p.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^Sign in$/ }).click();
  return page;
}

const item = (page: Page, id: string) => page.locator(`[data-ready-item="${id}"]`);
const doneOf = async (page: Page) =>
  Object.fromEntries(
    await page
      .locator('[data-ready-item]')
      .evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('data-ready-item'), node.getAttribute('data-done') === 'true'])),
  );

/** The mail's HTML in a page `width` px wide: nothing wider than the page, the button and the link written out. */
async function renderedAt(mail: ReceivedMail, width: number): Promise<{ overflow: number; button: boolean; linkShown: boolean }> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false })).newPage();
  await page.setContent(mail.html);
  const link = /https:\/\/\S+invite_token=\S+/.exec(mail.text)![0];
  const result = {
    overflow: await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    button: await page.getByRole('link', { name: 'Choose your password' }).isVisible(),
    linkShown: await page.getByRole('link', { name: link }).isVisible(),
  };
  await page.context().close();
  return result;
}

describe('the owner’s first hour', () => {
  it('first start: a name and an own password at the first sign-in; the list says what is left; inviting asks once what the partner would see', async () => {
    const p = await start({ samples: ['partner.name'] });
    try {
      const generated = /password (\S+) \(generated now/.exec(p.logs.join('\n'))![1]!;
      expect(p.logs.join('\n')).toMatch(/not ready to share \(\d of 8 done\); still to do: the admin’s name/);
      const page = await signIn(p, generated);
      await page.getByRole('heading', { name: 'Finish setting up your account' }).waitFor();
      expect(await axeViolations(page, 'the first sign-in’s set-up step')).toEqual([]);
      await page.getByLabel('Your name').fill('Ann Lee');
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('New password again').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');

      await page.goto(`${p.url}${ADMIN_PATH}`);
      await page.getByRole('heading', { name: 'Ready to share' }).waitFor();
      await page.locator('.ready-verdict', { hasText: /Not ready to share yet: \d of 7 done/ }).waitFor();
      expect(await doneOf(page)).toEqual({ name: true, sender: false, public_address: false, test_mail: false, samples: false, sources: true, pdf: true });
      await expect.poll(() => item(page, 'public_address').textContent()).toContain(`Links in mail lead to http://localhost:${p.port}/`);
      expect(await axeViolations(page, 'the console with the list not done')).toEqual([]);

      // Inviting before then asks once, saying what the partner would meet; "Not now" sends nothing.
      await page.getByLabel('Email', { exact: true }).fill(PARTNER);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite before the deck is ready?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`The link in the invitation leads to http://localhost:${p.port}/, which will not open on their machine.`);
      expect(await axeViolations(page, 'the invite-before-ready question', [1280])).toEqual([]);
      await dialog.getByRole('button', { name: 'Not now' }).click();
      await page.getByText('Nothing was sent.').waitFor();
      expect(smtp.messages.filter((mail) => mail.to.includes(PARTNER))).toEqual([]);
      await page.context().close();
    } finally {
      await p.close();
    }
  }, 240_000);

  it('started again with MAIL_FROM and PUBLIC_URL: the test mail ticks the last item, the list reads “Ready to share”, and the invitation goes out without a question', async () => {
    const p = await start({ mailFrom: 'no-reply@reverseholdings.com', publicUrl: 'https://deck.reverseholdings.com', samples: [] });
    try {
      expect(p.logs.join('\n')).toContain('not ready to share (6 of 7 done); still to do: a test mail;');
      const page = await signIn(p, NEW_PASSWORD);
      // No set-up step this time: the name and the password are the owner's own.
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto(`${p.url}${ADMIN_PATH}`);
      await item(page, 'test_mail').getByRole('button', { name: 'Send a test mail to yourself' }).click();
      const test = await smtp.waitForMail(ADMIN.email, /Test mail/, 15_000);
      expect(test.sender).toEqual({ name: 'Reverse Holdings Group via the investor deck', address: 'no-reply@reverseholdings.com' });
      expect(test.messageId).toMatch(/@deck\.reverseholdings\.com>$/);
      await page.locator('.ready-verdict', { hasText: /^Ready to share: every item below is done\.$/ }).waitFor();
      expect(await doneOf(page)).toEqual({ name: true, sender: true, public_address: true, test_mail: true, samples: true, sources: true, pdf: true });
      await page.locator('.admin__ready', { hasText: /^Ready to share$/ }).waitFor();
      expect(await axeViolations(page, 'the console, ready to share')).toEqual([]);

      await page.getByLabel('Email', { exact: true }).fill(PARTNER);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`Invitation sent to ${PARTNER}.`).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      const mail = await smtp.waitForMail(PARTNER, /invited you/, 15_000);
      expect(mail.subject).toBe('Ann Lee of Reverse Holdings Group invited you to the investor deck');
      expect(mail.replyTo).toBe(ADMIN.email);
      expect(mail.text).toMatch(/Choose your password:\nhttps:\/\/deck\.reverseholdings\.com\/login\?invite_token=\S+\n/);
      expect(mail.html).toContain('Ann Lee of Reverse Holdings Group invited you to view the Reverse Holdings Group investor deck.');
      for (const width of [600, 390]) expect(await renderedAt(mail, width), `at ${width} px`).toEqual({ overflow: 0, button: true, linkShown: true });
      await page.context().close();
    } finally {
      await p.close();
    }
  }, 240_000);
});
