import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';
import { type FollowState, followRoom } from '../../schemas/presentingPaths.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { VISIBLE_IN_PAGE } from './visibleInPage.ts';
import { HttpClient } from './httpClient.ts';
import { signInContext } from './signedIn.ts';
import { type PlatformChild, startPlatformChild } from './loadRun.ts';
import { median, percentile } from './stats.ts';

// Follow-me latency: an admin presents in a real chromium page and presses ArrowRight;
// each follower's time is measured from that keydown to the moment the new slide's heading is
// *visible* on the follower (box in the viewport, product of its and its ancestors' computed
// opacity above 0.01), for real follower pages; socket-only followers (socket.io clients joined to
// the follow room, as a viewer's page joins it) time the delivery of the move. All on loopback, one
// machine, one clock (performance.timeOrigin + performance.now() in pages and in Node alike).

/** The figures of one run. */
export interface FollowLatencyFigures {
  followers: { pages: number; sockets: number };
  moves: number;
  /** Key press → heading visible on each real follower page, per move and page (ms). */
  pageMs: number[];
  /** Key press → the follower page's address changed (the update arrived and the router moved), per sample (ms). */
  pageNavigatedMs: number[];
  /** Key press → the move's update received by each socket follower (ms). */
  socketMs: number[];
  pageMedianMs: number;
  pageP95Ms: number;
  socketMedianMs: number;
  socketP95Ms: number;
}

const PASSWORD = 'follow-bench-password-1';

// In the page, as a string so no bundler helper leaks in: resolves with the epoch times at which the
// address became `path` and a heading reading `title` was first visible, checked on every frame,
// mutation, history event and 4 ms tick.
const WATCH = (path: string, title: string) => `new Promise((resolve, reject) => {
  const title = ${JSON.stringify(title)};
  const path = ${JSON.stringify(path)};
  let navigatedAt = null;
  const onHistory = () => { if (navigatedAt === null && location.pathname === path) navigatedAt = now(); };
  for (const type of ['pushState', 'replaceState', 'popstate']) addEventListener(type, onHistory);
  const now = () => performance.timeOrigin + performance.now();
  const visible = ${VISIBLE_IN_PAGE};
  let done = false;
  const check = () => {
    if (done) return;
    onHistory();
    for (const h of document.querySelectorAll('h1')) {
      if (h.textContent.trim() === title && visible(h)) {
        done = true;
        const at = now();
        observer.disconnect();
        clearInterval(tick);
        resolve({ navigatedAt: navigatedAt ?? at, visibleAt: at });
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
  const frame = () => { if (!done) { check(); requestAnimationFrame(frame); } };
  requestAnimationFrame(frame);
  const tick = setInterval(check, 4);
  setTimeout(() => { if (!done) { done = true; observer.disconnect(); clearInterval(tick); reject(new Error('heading ' + title + ' not visible within 10 s')); } }, 10000);
})`;

// In the presenter's page: the epoch time of the next ArrowRight keydown.
const ARM_KEY = `new Promise((resolve) => {
  const onKey = (event) => {
    if (event.key !== 'ArrowRight') return;
    removeEventListener('keydown', onKey, { capture: true });
    resolve(performance.timeOrigin + performance.now());
  };
  addEventListener('keydown', onKey, { capture: true });
  window.__followArmed = true;
})`;

/** Invites (as `role`), registers and verifies one person; returns their access token. */
export async function person(client: HttpClient, platform: PlatformChild, email: string, role: 'user' | 'admin', address: string): Promise<string> {
  const api = `/api/apps/${platform.appId}`;
  const service = { Authorization: `Bearer ${platform.serviceToken}` };
  const invited = await client.send('POST', `${api}/users/invite-user`, { headers: service, json: { user_email: email, role } });
  if (invited.status !== 200) throw new Error(`invite ${email}: ${invited.status} ${invited.body}`);
  const registered = await client.send('POST', `${api}/auth/register`, { json: { email, password: PASSWORD }, localAddress: address });
  if (registered.status !== 200) throw new Error(`register ${email}: ${registered.status} ${registered.body}`);
  const code = /code is (\d{6})/.exec(await platform.mailTo(email, 'otp'))?.[1];
  const verified = await client.send('POST', `${api}/auth/verify-otp`, { json: { email, otp_code: code }, localAddress: address });
  const token = (JSON.parse(verified.body) as { access_token?: string }).access_token;
  if (verified.status !== 200 || !token) throw new Error(`verify ${email}: ${verified.status} ${verified.body}`);
  return token;
}

/** A page of a fresh context signed in with `token` (cookie and stored token, as the sign-in page leaves them), not yet opened. */
export async function signedInBlankPage(browser: Browser, platform: PlatformChild, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, platform.url, token);
  return context.newPage();
}

/** A page of a fresh context signed in with `token`, open on `path`. */
async function signedInPage(browser: Browser, platform: PlatformChild, token: string, path: string): Promise<Page> {
  const page = await signedInBlankPage(browser, platform, token);
  await page.goto(platform.url + path, { waitUntil: 'load' });
  await page.locator('h1').first().waitFor();
  return page;
}

/** A socket follower: joins the follow room and records when each path arrives. */
export async function socketFollower(platform: PlatformChild, token: string, arrivals: Map<string, number[]>): Promise<Socket> {
  const socket = io(platform.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    query: { app_id: platform.appId, token },
    reconnection: false,
    forceNew: true,
  });
  const room = followRoom(platform.appId);
  socket.on('update_model', (message: { room: string; data: string }) => {
    if (message.room !== room) return;
    const at = performance.timeOrigin + performance.now();
    const state = JSON.parse(message.data) as FollowState;
    if (state.path) arrivals.set(state.path, [...(arrivals.get(state.path) ?? []), at]);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await socket.timeout(5000).emitWithAck('join', room);
  return socket;
}

/**
 * Runs the measurement against the built deck in `staticDir`: the platform in its own process, one
 * presenting admin page, `pageFollowers` real follower pages and `followers - pageFollowers` socket
 * followers, `moves` ArrowRight presses from the first deck page.
 */
export async function followLatency(
  browser: Browser,
  options: { staticDir: string; followers: number; pageFollowers: number; moves: number; log: (line: string) => void },
): Promise<FollowLatencyFigures> {
  const deck = (loadContent(process.cwd()).content?.slides ?? []).filter((slide) => slide.order !== null);
  if (deck.length < options.moves + 1) throw new Error(`the deck has ${deck.length} pages, too few for ${options.moves} moves`);
  const platform = await startPlatformChild(options.staticDir);
  const sockets: Socket[] = [];
  const client = new HttpClient(platform.url, 4, 30_000);
  try {
    const adminToken = await person(client, platform, 'presenter@bench.local', 'admin', '127.0.0.5');
    const viewerTokens: string[] = [];
    for (let i = 0; i < Math.max(options.pageFollowers, 1); i++) {
      viewerTokens.push(await person(client, platform, `follower-${i}@bench.local`, 'user', `127.0.0.${10 + i}`));
    }
    const start = deck[0]!.path;
    const admin = await signedInPage(browser, platform, adminToken, start);
    // Start presenting asks who the presentation is for first: nobody in particular.
    await admin.getByRole('button', { name: 'Start presenting' }).click();
    const whom = admin.getByRole('dialog', { name: 'Who is this presentation for?' });
    await whom.getByRole('radio', { name: /^Nobody in particular/ }).check();
    await whom.getByRole('button', { name: 'Start presenting' }).click();
    await admin.getByRole('button', { name: 'Stop presenting' }).waitFor();

    const pages: Page[] = [];
    for (let i = 0; i < options.pageFollowers; i++) {
      const page = await signedInPage(browser, platform, viewerTokens[i]!, start);
      // Activity makes the page listen for a presentation at once (it waits 8 s otherwise).
      await page.mouse.move(100 + i, 100);
      await page.getByRole('button', { name: 'Follow presenter' }).click({ timeout: 20_000 });
      await page.getByText(/^Following /).waitFor();
      pages.push(page);
    }
    const arrivals = new Map<string, number[]>();
    for (let i = 0; i < options.followers - options.pageFollowers; i++) {
      sockets.push(await socketFollower(platform, viewerTokens[i % viewerTokens.length]!, arrivals));
    }
    options.log(`  ${pages.length} follower pages and ${sockets.length} socket followers on ${platform.url}`);

    const pageMs: number[] = [];
    const pageNavigatedMs: number[] = [];
    const socketMs: number[] = [];
    for (const slide of deck.slice(1, options.moves + 1)) {
      // Every page at rest first (the previous move's fades done), as a presenter pauses between slides.
      for (const page of [admin, ...pages]) {
        await page
          .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 })
          .catch(() => undefined);
      }
      const watches = pages.map((page) => page.evaluate(WATCH(slide.path, slide.title)) as Promise<{ navigatedAt: number; visibleAt: number }>);
      const pressed = admin.evaluate(ARM_KEY) as Promise<number>;
      await admin.waitForFunction(() => (window as unknown as { __followArmed?: boolean }).__followArmed === true);
      await admin.evaluate(() => delete (window as unknown as { __followArmed?: boolean }).__followArmed);
      await admin.keyboard.press('ArrowRight');
      const t0 = await pressed;
      for (const seen of await Promise.all(watches)) {
        pageMs.push(seen.visibleAt - t0);
        pageNavigatedMs.push(seen.navigatedAt - t0);
      }
      const deadline = Date.now() + 5000;
      while ((arrivals.get(slide.path)?.length ?? 0) < sockets.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      for (const at of arrivals.get(slide.path) ?? []) socketMs.push(at - t0);
    }
    return {
      followers: { pages: pages.length, sockets: sockets.length },
      moves: options.moves,
      pageMs,
      pageNavigatedMs,
      socketMs,
      pageMedianMs: median(pageMs),
      pageP95Ms: percentile(pageMs, 95),
      socketMedianMs: median(socketMs),
      socketP95Ms: percentile(socketMs, 95),
    };
  } finally {
    for (const socket of sockets) socket.close();
    client.agent.destroy();
    await platform.stop();
  }
}

/** The run's summary lines for the bench's report. */
export function followLatencyLines(figures: FollowLatencyFigures): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const total = figures.followers.pages + figures.followers.sockets;
  return [
    `follow-me, ${total} followers (${figures.followers.pages} chromium pages + ${figures.followers.sockets} socket clients), ${figures.moves} presenter key presses:`,
    `  key press → heading visible on a follower page: median ${ms(figures.pageMedianMs)}, p95 ${ms(figures.pageP95Ms)} (target: median ≤ 100 ms; ${figures.pageMs.length} samples)`,
    `    of which key press → the follower page's address changed: median ${ms(median(figures.pageNavigatedMs))}; the rest is the page's own move to a visible heading`,
    `  key press → move delivered to a socket follower: median ${ms(figures.socketMedianMs)}, p95 ${ms(figures.socketP95Ms)} (${figures.socketMs.length} samples)`,
  ];
}
