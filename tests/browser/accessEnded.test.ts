import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axeViolations.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { testChromium } from './sharedChromium.ts';
import { signInReturningTo } from './signIn.ts';

// The built deck behind the local platform, a viewer whose account the admin
// deletes while their deck is open, in chromium.
const ENDED = 'Your access to this deck has ended';
let p: TestPlatform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  admin = await p.login(ADMIN.email, ADMIN.password);
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** An invited, registered viewer signed in through the sign-in page and looking at /market. */
async function viewerOnMarket(email: string): Promise<{ page: Page; id: string }> {
  const token = await registeredUser(p, email, 'viewer-password-12');
  const id = (await p.call('GET', '/entities/User/me', { token })).body.id as string;
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${p.url}/market`);
  await signInReturningTo(page, '/market', email, 'viewer-password-12');
  await expect.poll(() => page.textContent('main')).toContain('$13.95T');
  // The figures are prerendered: the app start (settings, then `me`) is over when the account menu shows.
  // Revoking before that is a dead token at sign-in, which is sent to the sign-in page, not ended.
  await page.getByRole('button', { name: 'Account' }).waitFor();
  return { page, id };
}

/** Waits for the socket.io connection to be accepted: the server's CONNECT packet ("40…") arrives. */
const socketAccepted = (page: Page) =>
  page
    .waitForEvent('websocket')
    .then((ws) => new Promise<void>((resolve) => ws.on('framereceived', ({ payload }) => String(payload).startsWith('40') && resolve())));

const deleteUser = async (id: string) => expect((await p.call('DELETE', `/entities/User/${id}`, { token: admin })).status).toBe(200);

/** Everything a reader could still see or a screen reader could still reach: the body's text and the tab title. */
const visibleText = (page: Page) => page.evaluate(() => `${document.title}\n${document.body.innerText}\n${document.body.textContent}`);

describe('a viewer whose access is revoked while the deck is open', () => {
  it('learns it over the socket at once: the ended screen, no slide content left, and it stays on the next navigation', async () => {
    const { page, id } = await viewerOnMarket('revoked@lender.test');
    const accepted = socketAccepted(page);
    await page.mouse.move(200, 200);
    await page.mouse.move(300, 300);
    await accepted;

    const started = Date.now();
    await deleteUser(id);
    await page.getByRole('heading', { name: ENDED }).waitFor({ timeout: 5000 });
    const took = Date.now() - started;
    expect(took).toBeLessThan(3000);
    const text = await visibleText(page);
    expect(text).not.toContain('$13.95T');
    expect(text).not.toContain('A large, underserved home-equity market');
    expect(text).not.toContain('revoked@lender.test');
    // Removed from the DOM, not covered: no header, slide, bottom bar or deck frame is left.
    expect(await page.locator('.deck-header, .deck-main, .slide, .bottom-bar').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('base44_access_token'))).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    // A key press finds no deck to move; a full navigation to another page shows the ended screen again.
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('heading', { name: ENDED }).count()).toBe(1);
    await page.goto(`${p.url}/ecosystem`);
    await page.getByRole('heading', { name: ENDED }).waitFor();
    expect(await visibleText(page)).not.toContain('$7.1M-$9.4M');
    expect(new URL(page.url()).pathname).toBe('/ecosystem');

    // "Sign in again" leads to the sign-in page, which sends the viewer back to where they were.
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL(/\/login\?from_url=/);
    expect(new URL(page.url()).searchParams.get('from_url')).toBe(`${p.url}/ecosystem`);
    await page.context().close();
  });

  it('with no socket at all, a slide that fails to load (the dead token gets 404) ends access too', async () => {
    const { page, id } = await viewerOnMarket('nosocket@lender.test');
    // Refuse the socket outright, as a proxy that drops websockets would: only content requests are left.
    await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
    await deleteUser(id);
    // End, not ArrowRight: any activity on the page (chromium sends a mousemove when the page under
    // a still cursor changes) prefetches the neighbours, and a slide already loaded makes no request.
    await page.keyboard.press('End');
    await page.getByRole('heading', { name: ENDED }).waitFor({ timeout: 10_000 });
    expect(await visibleText(page)).not.toContain('$13.95T');
    await page.context().close();
  });

  it('a network drop does not end access: the deck stays and the socket reconnects', async () => {
    const { page } = await viewerOnMarket('steady@lender.test');
    let sockets = 0;
    page.on('websocket', () => (sockets += 1));
    const accepted = socketAccepted(page);
    await page.mouse.move(200, 200);
    await accepted;
    // Drop the network under the open socket, then bring it back.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect.poll(() => sockets, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('heading', { name: ENDED }).count()).toBe(0);
    expect(await page.textContent('main')).toContain('$13.95T');
    await page.context().close();
  });
});
