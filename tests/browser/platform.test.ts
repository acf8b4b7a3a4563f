import { axeScan } from './axeViolations.ts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../src/platform/server.ts';
import { testChromium } from './sharedChromium.ts';
import { eventually } from '../support/waitFor.ts';
import { fillSignIn } from './signIn.ts';

// The built deck behind the local platform, as `npm start` runs it, driven in chromium.
const APP = 'investor-deck';
const ADMIN = { email: 'admin@deck.test', password: 'admin-password-1' };
let platform: RunningPlatform;
let browser: Browser;
let dataDir: string;
// Codes are only in the server log, never in the stored outbox.
const logs: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'deck-platform-'));
  platform = await startPlatform({
    appId: APP,
    visibility: 'private_with_login',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    adminName: 'Deck Owner',
    staticDir: 'dist',
    log: (line) => logs.push(line),
  });
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${platform.url}/api/apps/${APP}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', 'X-App-Id': APP, ...(init.token && { Authorization: `Bearer ${init.token}` }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const adminToken = async () => (await api<{ access_token: string }>('/auth/login', { method: 'POST', body: ADMIN })).access_token;

async function latestCodeFor(email: string): Promise<string> {
  const mail = logs.findLast((line) => line.startsWith(`[outbox] to ${email} (otp):`));
  const code = /code is (\d{6})/.exec(mail ?? '')?.[1];
  if (!code) throw new Error(`no code in the server log for ${email}`);
  return code;
}

async function register(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: /Create your account/i }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Choose a password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = await eventually(() => latestCodeFor(email), { timeoutMs: 4000, what: `the code mailed to ${email}` });
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

const newPage = async () => (await browser.newContext()).newPage();

/** The built file name of a slide's content chunk (`Ecosystem-abc123.js`). */
const contentChunk = (name: string) => readdirSync('dist/assets/content').find((file) => file.startsWith(`${name}-`))!;

describe('the deck behind the local platform', () => {
  it('serves no slide content to a signed-out visitor: neither the page nor its chunks', async () => {
    const html = await (await fetch(`${platform.url}/ecosystem`)).text();
    expect(html).not.toContain('$7.1M-$9.4M');
    expect(html).toContain('base44-app-id');
    const chunk = await await fetch(`${platform.url}/assets/content/${contentChunk('Ecosystem')}`);
    expect(chunk.status).toBe(404);
    const shell = await fetch(`${platform.url}${html.match(/"(\/assets\/main-[^"]+\.js)"/)![1]}`);
    expect(shell.status).toBe(200);
  });

  it('signed-out visit → /login → sign in → back on the page asked for', async () => {
    const page = await newPage();
    await page.goto(`${platform.url}/reversetpo`);
    await page.waitForURL(/\/login\?from_url=/);
    expect(new URL(page.url()).searchParams.get('from_url')).toBe(`${platform.url}/reversetpo`);
    const results = await axeScan(page);
    expect(results.violations.map((v) => `${v.id} (${v.impact})`)).toEqual([]);
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${platform.url}/reversetpo`);
    await expect.poll(() => page.textContent('main')).toContain('$1,209,750');
    const chunk = await page.context().request.get(`${platform.url}/assets/content/${contentChunk('Ecosystem')}`);
    expect(chunk.status()).toBe(200);
    await page.context().close();
  });

  it('an invited partner registers with the code from the server log and sees the deck', async () => {
    await api('/users/invite-user', { method: 'POST', token: await adminToken(), body: { user_email: 'partner@lender.test', role: 'user' } });
    const page = await newPage();
    await page.goto(`${platform.url}/ecosystem`);
    await page.waitForURL(/\/login/);
    await register(page, 'partner@lender.test', 'partner-password-1');
    await page.waitForURL(`${platform.url}/ecosystem`);
    await expect.poll(() => page.textContent('main')).toContain('$7.1M-$9.4M');
    await page.goto(`${platform.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByText('Admin Note').count()).toBe(0);
    await page.context().close();
  });

  it('after a competing registration, the code asks the partner to choose a password, then opens the deck', async () => {
    const email = 'contested@lender.test';
    await api('/users/invite-user', { method: 'POST', token: await adminToken(), body: { user_email: email, role: 'user' } });
    await api('/auth/register', { method: 'POST', body: { email, password: 'attacker-password-1' } });
    const page = await newPage();
    await page.goto(`${platform.url}/ecosystem`);
    await page.waitForURL(/\/login/);
    await register(page, email, 'partner-password-1');
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect((await axeScan(page)).violations.map((v) => v.id)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('partner-chosen-password-2');
    await page.getByLabel('New password again').fill('partner-chosen-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${platform.url}/ecosystem`);
    await expect.poll(() => page.textContent('main')).toContain('$7.1M-$9.4M');
    for (const password of ['attacker-password-1', 'partner-password-1']) {
      await expect(api('/auth/login', { method: 'POST', body: { email, password } })).rejects.toThrow(/401/);
    }
    await page.context().close();
  });

  it('someone who registers without an invitation gets Access Restricted', async () => {
    const page = await newPage();
    await page.goto(`${platform.url}/market`);
    await page.waitForURL(/\/login/);
    await register(page, 'stranger@elsewhere.test', 'stranger-password-1');
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    const text = await page.textContent('main, body');
    expect(text).toContain('You are not registered to use this application. This deck is shared by invitation, and your account is not on its list.');
    expect(await page.getByRole('button', { name: 'Request access' }).count()).toBe(1);
    expect(text).toContain('Verify you are logged in with the correct account');
    expect(text).not.toContain('$13.95T');
    const results = await axeScan(page);
    expect(results.violations.map((v) => `${v.id} (${v.impact})`)).toEqual([]);
    await page.context().close();
  });

  it('the admin sees the 404 Admin Note; signing out clears both storage keys', async () => {
    const page = await newPage();
    await page.goto(`${platform.url}/login`);
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${platform.url}/`);
    await page.goto(`${platform.url}/not-built-yet`);
    await page.getByText('Admin Note').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('base44_access_token'), localStorage.getItem('token')].every(Boolean))).toBe(true);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => [localStorage.getItem('base44_access_token'), localStorage.getItem('token')])).toEqual([null, null]);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('You have signed out. Sign in again to view the deck.');
    const html = await (await page.context().request.get(`${platform.url}/ecosystem`)).text();
    expect(html).not.toContain('$7.1M-$9.4M');
    await page.context().close();
  });
});
