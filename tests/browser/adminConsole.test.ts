import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axeViolations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { testChromium } from './sharedChromium.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { fillSignIn } from './signIn.ts';

// The admin console at /admin in the built deck behind the real local platform, in chromium.
// An admin invites (a past expiry first), allows a domain, revokes through the confirm dialog and sees
// a request arrive live; a viewer at /admin gets the ordinary 404 and not one byte of the console.
const ASSETS = 'dist/assets';
let p: TestPlatform;
let browser: Browser;
let admin: Page;
let adminRequests: string[];

/** The JS and CSS files a chunk imports statically (`from"./x.js"`, and its CSS by name). */
function staticImports(file: string): string[] {
  const text = readFileSync(join(ASSETS, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!);
}

/** Every chunk a file pulls in statically, itself included. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of staticImports(file)) staticClosure(next, seen);
  return seen;
}

/**
 * The console's files in the build: the chunks of the two lazily imported admin modules, the
 * console's CSS, and whatever only they import (a chunk any other chunk also imports, such as the
 * deck's core or the modal dialog the viewer's own dialogs use, is not the console's).
 */
function consoleFiles(): string[] {
  const files = readdirSync(ASSETS);
  const scripts = files.filter((file) => file.endsWith('.js'));
  const adminReach = new Set<string>();
  for (const root of scripts.filter((file) => /^(AdminConsole|AdminNoticeFeed)-/.test(file))) staticClosure(root, adminReach);
  const shared = new Set<string>();
  for (const file of scripts) if (!adminReach.has(file)) staticClosure(file, shared);
  return [...[...adminReach].filter((file) => !shared.has(file)), ...files.filter((file) => /^AdminConsole-.*\.css$/.test(file))];
}

/** Signs in through the sign-in page, then opens `path`. */
async function signedInAt(email: string, password: string, path: string): Promise<{ page: Page; requests: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${p.url}/login`);
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`${p.url}${path}`);
  return { page, requests };
}

const personRow = (page: Page, email: string) => page.locator(`tr[data-person="${email}"]`);

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  browser = await testChromium();
  ({ page: admin, requests: adminRequests } = await signedInAt(ADMIN.email, ADMIN.password, ADMIN_PATH));
  await admin.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

describe('the admin console', () => {
  it('loads for an admin at /admin, with no slide counter, and passes axe', async () => {
    expect(new URL(admin.url()).pathname).toBe(ADMIN_PATH);
    expect(await admin.locator('.bottom-bar').count()).toBe(0);
    expect(await admin.locator('.deck-header').count()).toBe(1);
    expect(await admin.title()).toMatch(/^Admin console · /);
    // The console's own chunk was fetched: the viewer test below compares against a real list.
    const files = consoleFiles();
    expect(files.some((file) => file.startsWith('AdminConsole-') && file.endsWith('.js'))).toBe(true);
    expect(adminRequests.some((path) => path.includes('/AdminConsole-'))).toBe(true);
    await admin.getByRole('table', { name: /People with a record/ }).waitFor();
    expect(await axeViolations(admin, 'console')).toEqual([]);
  });

  it("shows the platform's message at the expiry field for a past date, focuses it, and invites nobody", async () => {
    await admin.getByLabel('Email').fill('partner@lender.example');
    await admin.getByLabel('Access until (optional)').fill('2020-01-31');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    // A test platform is never ready to share (no PUBLIC_URL, no mail server): the first invitation asks once.
    await admin.getByRole('dialog', { name: 'Invite before the deck is ready?' }).getByRole('button', { name: 'Invite anyway' }).click();
    const expiry = admin.getByLabel('Access until (optional)');
    await expect.poll(() => expiry.getAttribute('aria-invalid')).toBe('true');
    const described = await expiry.getAttribute('aria-describedby');
    const message = await admin.locator(`[id="${described!.split(' ').at(-1)}"]`).textContent();
    expect(message).toMatch(/future/);
    expect(await expiry.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await personRow(admin, 'partner@lender.example').count()).toBe(0);
    // The other boxes keep what was typed.
    expect(await admin.getByLabel('Email').inputValue()).toBe('partner@lender.example');
    expect(await axeViolations(admin, 'invite with an error')).toEqual([]);
  });

  it('puts a "Prepared for" error at the Name box the platform names (prepared_for.name)', async () => {
    await admin.getByLabel('Access until (optional)').fill('2099-12-31');
    const preparedFor = admin.getByRole('group', { name: 'Prepared for (optional)' });
    await preparedFor.getByLabel('Company').fill('Lender Bank');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    const name = preparedFor.getByLabel('Name');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await admin.getByLabel('Access until (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(await personRow(admin, 'partner@lender.example').count()).toBe(0);
  });

  it('invites with an expiry and "Prepared for": the person is listed as invited', async () => {
    const preparedFor = admin.getByRole('group', { name: 'Prepared for (optional)' });
    await preparedFor.getByLabel('Name').fill('Ada Lovelace');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText('Invitation sent to partner@lender.example.').waitFor();
    const row = personRow(admin, 'partner@lender.example');
    await row.waitFor();
    expect(await row.textContent()).toContain('Invited');
    expect(await row.textContent()).toContain('Ada Lovelace, Lender Bank');
    expect(await row.textContent()).toContain('31 Dec 2099');
    expect(await admin.getByLabel('Email').inputValue()).toBe('');
    expect(await row.getByRole('button', { name: /^Resend invitation/ }).count()).toBe(1);
  });

  it('refuses a domain without @ at its field, then allows @lender.example', async () => {
    const domain = admin.getByLabel('Domain', { exact: true });
    await domain.fill('lender.example');
    await admin.getByRole('button', { name: 'Allow domain' }).click();
    await expect.poll(() => domain.getAttribute('aria-invalid')).toBe('true');
    expect(await admin.locator('.admin-field__error').allTextContents()).toContainEqual(expect.stringMatching(/@/));
    await domain.fill('@lender.example');
    await admin.getByRole('button', { name: 'Allow domain' }).click();
    await admin.getByRole('list', { name: 'Allowed domains' }).locator('.admin-list__main', { hasText: '@lender.example' }).waitFor();
    expect(await domain.getAttribute('aria-invalid')).toBeNull();
  });

  it('revokes only after the confirm dialog: focus inside, Escape closes and returns focus, axe clean', async () => {
    const row = personRow(admin, 'partner@lender.example');
    const revoke = row.getByRole('button', { name: /^Revoke/ });
    await revoke.click();
    const dialog = admin.getByRole('dialog', { name: 'Revoke access?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('partner@lender.example will no longer see the deck');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(admin, 'revoke dialog')).toEqual([]);
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await revoke.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await row.textContent()).toContain('Invited');

    await revoke.click();
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Revoked');
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    // The Revoke button is gone with the access: focus lands on the People heading, not the body.
    expect(await admin.evaluate(() => document.activeElement?.textContent?.trim())).toBe('People');
    await admin.getByText('partner@lender.example no longer has access; their open sessions have ended.').waitFor();
  });

  it('invites a revoked person again from their row: the form is filled in and focused, and they are invited', async () => {
    const row = personRow(admin, 'partner@lender.example');
    await row.getByRole('button', { name: 'Invite again partner@lender.example' }).click();
    const email = admin.getByLabel('Email');
    expect(await email.inputValue()).toBe('partner@lender.example');
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await admin.getByRole('group', { name: 'Prepared for (optional)' }).getByLabel('Name').inputValue()).toBe('Ada Lovelace');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText('Invitation sent to partner@lender.example.').waitFor();
    await expect.poll(() => row.textContent()).toContain('Invited');
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(1);
  });

  it('shows an access request live, with a toast that offers no link to the console it is in', async () => {
    const token = await registeredUser(p, 'stranger@elsewhere.example', 'stranger-password-12', false);
    const asked = await p.call('POST', '/auth/request-access', { token, body: { message: 'I am on the lending committee.' } });
    expect(asked.status).toBe(200);
    const card = admin.locator('[data-request="stranger@elsewhere.example"]');
    await card.waitFor({ timeout: 10_000 });
    expect(await card.textContent()).toContain('I am on the lending committee.');
    const toast = admin.getByRole('status').filter({ hasText: 'Access request from stranger@elsewhere.example' });
    await toast.waitFor();
    // The admin is in the console already (elsewhere in the deck the toast links to it: consoleTruth.test.ts).
    expect(await toast.getByRole('link').count()).toBe(0);
  });

  it('approves the request in one click: it moves to the decided ones', async () => {
    const card = admin.locator('[data-request="stranger@elsewhere.example"]');
    await card.getByRole('button', { name: 'Approve stranger@elsewhere.example' }).click();
    await card.waitFor({ state: 'detached' });
    const decided = admin.getByRole('table', { name: /Decided requests/ });
    await decided.waitFor();
    expect(await decided.textContent()).toMatch(/stranger@elsewhere\.example.*Approved/s);
    expect(await admin.getByText('No requests are waiting.').count()).toBe(1);
  });

  it('shows a consultation request live and marks it handled', async () => {
    const token = await registeredUser(p, 'consult@lender.test', 'consult-password-12');
    const sent = await p.call('POST', '/entities/ConsultationRequest', {
      token,
      body: { preferred_times: 'Tuesday afternoon, Eastern', message: 'Keen to talk terms.' },
    });
    expect(sent.status).toBe(200);
    const row = admin.locator('[data-consultation="consult@lender.test"]');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain('Tuesday afternoon, Eastern');
    await admin.getByRole('status').filter({ hasText: 'Consultation request from consult@lender.test' }).waitFor();
    await row.getByRole('button', { name: /^Mark handled/ }).click();
    await expect.poll(() => row.textContent()).toContain('Handled');
    expect(await row.getByRole('button').count()).toBe(0);
  });

  it('edits a person in a dialog: the changes show in the row, axe clean with the dialog open', async () => {
    await p.call('POST', '/users/invite-user', {
      token: await p.login(ADMIN.email, ADMIN.password),
      body: { user_email: 'edit@lender.example', role: 'user' },
    });
    await admin.reload();
    const row = personRow(admin, 'edit@lender.example');
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit edit@lender.example' });
    await dialog.waitFor();
    expect(await axeViolations(admin, 'edit dialog')).toEqual([]);
    await dialog.getByLabel('Access until').fill('2020-02-02');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // The platform refuses a past expiry at its field; the dialog stays open with the message there.
    await expect.poll(() => dialog.getByLabel('Access until').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Access until').fill('2098-06-30');
    await dialog.getByRole('group', { name: 'Prepared for' }).getByLabel('Name').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Grace Hopper');
    expect(await row.textContent()).toContain('30 Jun 2098');
    expect(await row.getByRole('button', { name: /^Edit/ }).evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('shows the audit log newest first, filters it by action and person, downloads it as CSV, axe clean', async () => {
    // This admin's own sign-in (beforeAll) and the revocation above are in it.
    await admin.goto(`${p.url}${ADMIN_PATH}#admin-audit`);
    const table = admin.getByRole('table', { name: /entries/ });
    await table.waitFor();
    expect(await admin.locator('tr[data-audit-action="sign_in"]').count()).toBeGreaterThan(0);
    expect(await admin.locator('tr[data-audit-action="invitation_withdrawn"]').count()).toBeGreaterThan(0);
    expect(await axeViolations(admin, 'console audit log')).toEqual([]);

    await admin.getByLabel('Action').selectOption('invitation_withdrawn');
    await admin.getByRole('button', { name: 'Show entries' }).click();
    await expect.poll(() => admin.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-audit-action')))).not.toContain('sign_in');
    expect(await admin.locator('tr[data-audit-action="invitation_withdrawn"]').count()).toBeGreaterThan(0);
    await expect.poll(() => admin.locator('#admin-audit-caption').textContent()).toMatch(/matching the filters$/);

    await admin.getByLabel('Action').selectOption('');
    await admin.getByLabel('Person').fill('nobody-at-all@nowhere.example');
    await admin.getByRole('button', { name: 'Show entries' }).click();
    await admin.getByText('No entries match these filters.').waitFor();

    await admin.getByLabel('Person').fill(ADMIN.email);
    await admin.getByRole('button', { name: 'Show entries' }).click();
    await table.waitFor();
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: /^Download CSV of the audit log as filtered/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('at,actor,action,target,address,user_agent,detail');
    expect(text).toContain(`"${ADMIN.email}","sign_in"`);
  });

  it('lists a new entry while the console is open, in its own words (Viewer, the address as written)', async () => {
    await admin.goto(`${p.url}${ADMIN_PATH}#admin-audit`);
    await admin.getByRole('table', { name: /entries/ }).waitFor();
    // The invitation comes from elsewhere (the API, as another tab or admin would): the open console is not reloaded.
    const token = await p.login(ADMIN.email, ADMIN.password);
    expect((await p.call('POST', '/users/invite-user', { token, body: { user_email: 'live-entry@lender.example', role: 'user' } })).status).toBe(200);
    const row = admin.locator('tr[data-audit-action="invitation_sent"]', { hasText: 'live-entry@lender.example' });
    await row.waitFor();
    expect(await row.locator('td').nth(4).textContent(), 'the details, in the console’s words').toContain('role: Viewer');
    expect(await row.locator('td').nth(3).textContent(), 'the address as people write it').toBe('127.0.0.1');
  });

  it("from elsewhere in the deck, a request's toast links back to the console, which is announced by name", async () => {
    await admin.getByRole('banner').getByRole('link').first().click();
    await admin.waitForURL(`${p.url}/`);
    const token = await registeredUser(p, 'second@elsewhere.example', 'second-password-12', false);
    expect((await p.call('POST', '/auth/request-access', { token, body: {} })).status).toBe(200);
    const toast = admin.getByRole('status').filter({ hasText: 'Access request from second@elsewhere.example' });
    await toast.getByRole('link', { name: 'Open the admin console' }).click();
    await admin.waitForURL(`${p.url}${ADMIN_PATH}`);
    await admin.locator('[data-request="second@elsewhere.example"]').waitFor();
    await expect.poll(() => admin.title()).toMatch(/^Admin console · /);
    await expect.poll(() => admin.locator('[aria-live="polite"][aria-atomic="true"]').first().textContent()).toBe('Admin console');
  });
});

describe('a viewer at /admin', () => {
  it("gets the ordinary 404 screen and requests none of the console's files", async () => {
    await registeredUser(p, 'viewer@lender.test', 'viewer-password-12');
    const { page, requests } = await signedInAt('viewer@lender.test', 'viewer-password-12', ADMIN_PATH);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = consoleFiles();
    expect(files.length).toBeGreaterThan(0);
    const fetched = requests.filter((path) => files.some((file) => path.endsWith(`/${file}`)));
    expect(fetched).toEqual([]);
    // And nothing of the console's wording reached the page.
    expect(await page.textContent('body')).not.toContain('Send invitation');
    await page.context().close();
  });
});
