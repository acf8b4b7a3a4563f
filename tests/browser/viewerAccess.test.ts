import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axeViolations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testChromium } from './sharedChromium.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { eventually } from '../support/waitFor.ts';
import { signedInWithToken } from './presenterSession.ts';

// Sharing the deck, the viewer's side, in chromium against the real local platform serving the built deck:
// a stranger asks for access, a viewer changes their password from the account menu, a person's own
// "Prepared for", the contact page's links and consultation form, and the brand cards' links.
let p: TestPlatform;
let browser: Browser;
let admin: string;
/** Where the header screenshots go (390×844, 1280×800, 1920×1080), to be looked at. */
const SHOTS = join(tmpdir(), 'viewer-access-shots');

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  admin = await p.login(ADMIN.email, ADMIN.password);
  browser = await testChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** A browser context signed in as `email` (the platform's session cookie and the stored token, as the sign-in page leaves them). */
const signedIn = (email: string, password: string, viewport = { width: 1280, height: 800 }) => signedInWithToken(browser, p, email, password, { viewport });

/** The scripts the page has loaded so far, by file name. */
const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name.split('/').pop()!)
      .filter((name) => name.endsWith('.js')),
  );

const userId = async (token: string) => (await p.call('GET', '/entities/User/me', { token })).body.id as string;

describe('someone nobody invited', () => {
  it('sees Access Restricted worded for a stranger, asks for access with a message, and the request exists on the server', async () => {
    await registeredUser(p, 'stranger@elsewhere.test', 'stranger-password-1', false);
    const page = await signedIn('stranger@elsewhere.test', 'stranger-password-1');
    await page.goto(`${p.url}/market`);
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    const text = await page.textContent('main');
    expect(text).not.toMatch(/invited you|server log/);
    expect(text).not.toContain('$13.95T');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Request access' }).click();
    const message = page.getByLabel('Message to the deck’s owners (optional)');
    await expect.poll(() => message.evaluate((element) => element === document.activeElement)).toBe(true);
    await message.fill('Credit team at Elsewhere Bank, reviewing the partnership.');
    await page.getByRole('button', { name: 'Send request' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Request sent' });
    await status.waitFor();
    expect(await status.textContent()).toBe('Request sent: the deck’s owners have been notified and you will get an email when they decide.');
    expect(await status.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'access-restricted-390.png'), fullPage: true });

    const requests = (await p.call('GET', '/entities/AccessRequest', { token: admin })).body as Array<Record<string, unknown>>;
    expect(requests.filter((request) => request.email === 'stranger@elsewhere.test')).toEqual([
      expect.objectContaining({ status: 'pending', message: 'Credit team at Elsewhere Bank, reviewing the partnership.' }),
    ]);
    await page.context().close();
  });
});

describe('the account menu', () => {
  it('changes the password in a modal dialog (its code loaded on first open): wrong current password next to its field, then the new one works and the deck carries on', async () => {
    await registeredUser(p, 'dana@harbor.test', 'dana-password-1234');
    const page = await signedIn('dana@harbor.test', 'dana-password-1234');
    await page.goto(`${p.url}/market`);
    await expect.poll(() => page.textContent('main')).toContain('$13.95T');
    expect((await scriptsLoaded(page)).filter((name) => name.startsWith('ChangePasswordDialog'))).toEqual([]);

    await page.getByRole('button', { name: 'Account' }).click();
    expect(await page.getByText('Signed in as').textContent()).toContain('dana@harbor.test');
    expect(await page.getByRole('link', { name: 'Admin console' }).count()).toBe(0);
    const opener = page.getByRole('button', { name: 'Change password' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    expect((await scriptsLoaded(page)).filter((name) => name.startsWith('ChangePasswordDialog'))).toHaveLength(1);
    // Modal: focus starts inside, and Tab stays inside.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Current password').fill('not-my-password-1');
    await dialog.getByLabel('New password', { exact: true }).fill('dana-new-password-5678');
    await dialog.getByLabel('New password again').fill('dana-new-password-5678');
    await dialog.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => dialog.locator('#password-current-error').textContent()).toBe('Current password is incorrect');
    expect(await dialog.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'change-password-error.png') });

    await dialog.getByLabel('Current password').fill('dana-password-1234');
    await dialog.getByRole('button', { name: 'Save new password' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();
    expect(await axeViolations(page, 'page', [1280])).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    expect((await p.call('POST', '/auth/login', { body: { email: 'dana@harbor.test', password: 'dana-password-1234' } })).status).toBe(401);
    expect((await p.call('POST', '/auth/login', { body: { email: 'dana@harbor.test', password: 'dana-new-password-5678' } })).status).toBe(200);
    // The tab kept a fresh token: the next page loads, and access has not ended.
    await page.goto(`${p.url}/ecosystem`);
    await expect.poll(() => page.textContent('main')).toContain('$7.1M-$9.4M');
    expect(await page.getByRole('heading', { name: 'Your access to this deck has ended' }).count()).toBe(0);
    await page.context().close();
  });

  it('fits the header at 390, 1280 and 1920 wide, with the panel open (screenshots kept); an admin gets the console link', async () => {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
      [1920, 1080],
    ] as const) {
      const page = await signedIn(ADMIN.email, ADMIN.password, { width, height });
      await page.goto(`${p.url}/market`);
      await expect.poll(() => page.textContent('main')).toContain('$13.95T');
      // The prerendered page shows first; the account button comes once the session is known.
      await page.getByRole('button', { name: 'Account' }).waitFor();
      const boxes = await page.evaluate(() =>
        ['.deck-header__home', '.account__toggle', '.zoom'].map((selector) => {
          const box = document.querySelector(selector)!.getBoundingClientRect();
          return { selector, left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        }),
      );
      // One row, side by side, none past the edge.
      for (let i = 1; i < boxes.length; i += 1)
        expect(boxes[i]!.left, `${width}px: ${boxes[i]!.selector} overlaps`).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
      for (const box of boxes) expect(box.right, `${width}px: ${box.selector} past the edge`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.querySelector('.deck-header')!.getBoundingClientRect().height)).toBeLessThan(80);
      await page.screenshot({ path: join(SHOTS, `header-${width}.png`), clip: { x: 0, y: 0, width, height: Math.min(height, 360) } });
      await page.getByRole('button', { name: 'Account' }).click();
      const panel = await page.evaluate(() => document.querySelector('.account__panel')!.getBoundingClientRect().toJSON() as DOMRect);
      expect(panel.left).toBeGreaterThanOrEqual(0);
      expect(panel.right).toBeLessThanOrEqual(width);
      expect(await page.getByRole('link', { name: 'Admin console' }).getAttribute('href')).toBe('/admin');
      await page.screenshot({ path: join(SHOTS, `header-${width}-open.png`), clip: { x: 0, y: 0, width, height: Math.min(height, 360) } });
      await page.keyboard.press('Escape');
      expect(await page.getByRole('button', { name: 'Account' }).getAttribute('aria-expanded')).toBe('false');
      await page.context().close();
    }
  });
});

describe('a person whose access expired', () => {
  it('gets the ended-access screen at the start, never content, though their token still signs them in', async () => {
    const token = await registeredUser(p, 'kim@harbor.test', 'kim-password-12345');
    const page = await signedIn('kim@harbor.test', 'kim-password-12345');
    const expiresAt = new Date(Date.now() + 2000).toISOString();
    expect((await p.call('PUT', `/entities/User/${await userId(token)}`, { token: admin, body: { expires_at: expiresAt } })).status).toBe(200);
    // The platform itself says so first: 403 with the access-ended reason.
    await eventually(async () => (await p.call('GET', '/entities/User/me', { token })).body?.extra_data?.reason === 'access_ended', {
      timeoutMs: 6000,
      what: 'the expiry to pass',
    });
    await page.goto(`${p.url}/market`);
    // The ended screen itself (not a load failure carrying the server's words): its exact heading and "Sign in again".
    await page.getByRole('heading', { name: 'Your access to this deck has ended', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in again' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('base44_access_token'))).toBeNull();
    const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
    expect(text).not.toContain('$13.95T');
    expect(await page.locator('.deck-header, .deck-main, .slide').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/market');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('a person with their own "Prepared for"', () => {
  it('sees their name and company on the cover and their company on the contact page, without a rebuild', async () => {
    const token = await registeredUser(p, 'lee@northbank.test', 'lee-password-12345');
    const patched = await p.call('PUT', `/entities/User/${await userId(token)}`, {
      token: admin,
      body: { prepared_for: { name: 'Lee Park', company: 'North Bank' } },
    });
    expect(patched.status).toBe(200);
    const page = await signedIn('lee@northbank.test', 'lee-password-12345');
    await page.goto(`${p.url}/`);
    await expect.poll(() => page.locator('.partner-footer').textContent()).toBe('Prepared for Lee Park, North Bank');
    await page.goto(`${p.url}/contact`);
    await expect.poll(() => page.textContent('main')).toContain('This proposal is prepared for North Bank,');
    await page.context().close();
  });
});

describe('the contact page', () => {
  it('shows no sample phone or website; the consultation form (loaded on open) stores a request the admins can read', async () => {
    await registeredUser(p, 'sam@harbor.test', 'sam-password-12345');
    const page = await signedIn('sam@harbor.test', 'sam-password-12345');
    await page.goto(`${p.url}/contact`);
    // The prerendered button does nothing; once the session is known it opens the form (and says so).
    await page.locator('button[aria-haspopup="dialog"]', { hasText: 'Schedule a Consultation' }).waitFor();
    // deck.yaml still holds samples for both: their rows stay out (tests/components/contactDetail.test.tsx has the links).
    expect(await page.locator('.contact-panel .contact-panel__item').count()).toBe(0);
    expect(await page.locator('.contact-panel a[href^="tel:"]').count()).toBe(0);
    expect((await scriptsLoaded(page)).filter((name) => name.startsWith('ConsultationDialog'))).toEqual([]);

    const opener = page.getByRole('button', { name: 'Schedule a Consultation' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a Consultation' });
    await dialog.waitFor();
    expect((await scriptsLoaded(page)).filter((name) => name.startsWith('ConsultationDialog'))).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => dialog.getByLabel('Preferred times').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'consultation-error-390.png') });
    await dialog.getByLabel('Preferred times').fill('Thursday morning, Pacific');
    await dialog.getByLabel('Message').fill('About servicing.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Thank you: the team will contact you to confirm a time.' }).waitFor();
    expect(await axeViolations(page, 'page', [1280])).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    const stored = (await p.call('GET', '/entities/ConsultationRequest', { token: admin })).body as Array<Record<string, unknown>>;
    expect(stored).toEqual([expect.objectContaining({ preferred_times: 'Thursday morning, Pacific', message: 'About servicing.' })]);
    await page.context().close();
  });
});

describe('the ecosystem page', () => {
  it("a brand card's link opens its page; the card itself still selects, by keyboard too", async () => {
    const page = await signedIn(ADMIN.email, ADMIN.password);
    await page.goto(`${p.url}/ecosystem`);
    // The prerendered cards are inert until React has taken the page over; the account button says it has.
    await page.getByRole('button', { name: 'Account' }).waitFor();
    const card = page.locator('button.brand-card').first();
    await card.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
    await card.screenshot({ path: join(SHOTS, 'brand-card-selected.png') });
    await page.keyboard.press('Tab');
    const link = page.getByRole('link', { name: 'REMO AI page' });
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${p.url}/remoai`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('REMO AI');
    await page.context().close();
  });
});
