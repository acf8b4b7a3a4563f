import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadContent } from '../../src/content/loadContent.ts';
import { firstIdle } from './firstIdle.ts';
import { testChromium } from './sharedChromium.ts';

const baseUrl = inject('baseUrl');
const deck = loadContent(process.cwd()).content!.slides.filter((slide) => slide.order !== null);
let browser: Browser;

beforeAll(async () => {
  browser = await testChromium();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await firstIdle(page);
  return page;
}

describe('keys in the browser', () => {
  it('arrows, PageUp/PageDown and Home/End move through the deck and stop at the ends', async () => {
    const page = await open('/');
    await page.keyboard.press('ArrowLeft');
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}${deck[1]!.path}`);
    await page.keyboard.press('PageDown');
    await page.waitForURL(`${baseUrl}${deck[2]!.path}`);
    await page.keyboard.press('PageUp');
    await page.waitForURL(`${baseUrl}${deck[1]!.path}`);
    await page.keyboard.press('End');
    await page.waitForURL(`${baseUrl}/contact`);
    await page.keyboard.press('ArrowRight');
    // Keys are handled in order: ArrowLeft landing on the page before the last shows ArrowRight went nowhere.
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(`${baseUrl}${deck.at(-2)!.path}`);
    await page.keyboard.press('Home');
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it('the next heading is on screen as soon as the key is handled, focused and announced', async () => {
    const page = await open('/problem');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}/market`);
    const state = await page.evaluate(() => ({
      focused: document.activeElement?.textContent,
      heading: document.querySelector('[data-route="/market"] h1')?.textContent,
      live: document.querySelector('[aria-live]')?.textContent,
      title: document.title,
      scroll: window.scrollY,
    }));
    expect(state.heading).toBe(deck[3]!.title);
    expect(state.focused).toBe(deck[3]!.title);
    expect(state.live).toBe(`Slide 4 of 17: ${deck[3]!.label}`);
    expect(state.title).toContain(deck[3]!.label);
    expect(state.scroll).toBe(0);
    await page.context().close();
  });

  it('changing the path scrolls back to the top', async () => {
    const page = await open('/market', { viewport: { width: 390, height: 600 } });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}${deck[4]!.path}`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('arrows inside a text input move the caret, not the deck', async () => {
    const page = await open('/problem');
    await page.evaluate(() => {
      const input = Object.assign(document.createElement('input'), { id: 'probe', value: 'abc' });
      document.querySelector('main')!.prepend(input);
    });
    await page.focus('#probe');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    // Keys are handled in order: one ArrowRight outside the input reaching the page after /problem
    // shows the keys in the input moved nothing.
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}${deck[deck.findIndex((slide) => slide.path === '/problem') + 1]!.path}`);
    await page.context().close();
  });

  it('a horizontal swipe turns the page on a touch screen', async () => {
    const page = await open('/problem', { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    await page.evaluate(() => {
      const touch = (x: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: 300 });
      document.body.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(320)], changedTouches: [touch(320)], bubbles: true }));
      document.body.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(80)], bubbles: true }));
    });
    await page.waitForURL(`${baseUrl}/market`);
    await page.context().close();
  });
});

describe('bottom bar links', () => {
  it('are real links: a middle click opens the page in a new tab', async () => {
    const page = await open('/problem');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /^Next/ }).click({ button: 'middle' })]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${baseUrl}/market`);
    expect(page.url()).toBe(`${baseUrl}/problem`);
    await page.context().close();
  });
});

describe('transitions', () => {
  it('fade the page on change once framer-motion has loaded', async () => {
    const page = await open('/problem');
    // framer-motion loads once the first move has painted (that move renders plain).
    const motionLoaded = page.waitForResponse((response) => /\/SlideMotion-[^/]*\.js$/.test(response.url()));
    // Awaited below; if an earlier step fails first, its timeout is not a second, unhandled error.
    motionLoaded.catch(() => undefined);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}/market`);
    // The page's own import of that address settles once the module has run; two frames later the
    // deck has re-rendered with it. (A string: vitest would rewrite an import() in a function.)
    const motionUrl = JSON.stringify((await motionLoaded).url());
    await page.evaluate(`import(${motionUrl}).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    // The fade at a quarter of its speed: on a busy machine a starved renderer may paint its first frame
    // of the new page only after a full-speed fade has ended, and the samples would all read 1.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Animation.enable');
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 0.25 });
    await page.keyboard.press('ArrowRight');
    const fading = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const samples: number[] = [];
          const sample = () => {
            const frame = document.querySelector<HTMLElement>('.slide-frame[data-route="/remoai"]');
            if (frame) samples.push(Number(getComputedStyle(frame).opacity));
            if (samples.length < 12) requestAnimationFrame(sample);
            else resolve(samples);
          };
          requestAnimationFrame(sample);
        }),
    );
    expect(Math.min(...fading)).toBeLessThan(1);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.slide-frame')!).opacity)).toBe('1');
    await page.context().close();
  });

  it('with reduced motion nothing moves: no entry animations', async () => {
    const page = await open('/problem', { reducedMotion: 'reduce' });
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}/market`);
    const moving = await page.evaluate(
      () =>
        document.getAnimations().filter((animation) => {
          const keyframes = (animation.effect as KeyframeEffect | null)?.getKeyframes() ?? [];
          return keyframes.some((frame) => frame.transform && frame.transform !== 'none');
        }).length,
    );
    expect(moving).toBe(0);
    const transforms = await page.$$eval('.slide__body > *', (nodes) => nodes.map((node) => getComputedStyle(node).transform));
    expect(transforms.every((value) => value === 'none')).toBe(true);
    await page.context().close();
  });
});

describe('inside a frame', () => {
  it('posts app_changed_url with the full address to the parent on load and on each change', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${baseUrl}/robots.txt`);
    await page.setContent(`<iframe id="deck" src="${baseUrl}/problem" width="1000" height="700"></iframe>`);
    await page.evaluate(() => {
      (window as unknown as { received: unknown[] }).received = [];
      window.addEventListener('message', (event) => (window as unknown as { received: unknown[] }).received.push(event.data));
    });
    const frame = page.frameLocator('#deck');
    await frame.locator('h1').waitFor();
    await frame.getByRole('link', { name: /^Next/ }).click();
    await page.waitForFunction(() => (window as unknown as { received: Array<{ url: string }> }).received.some((message) => message.url?.endsWith('/market')));
    const received = await page.evaluate(() => (window as unknown as { received: unknown[] }).received);
    expect(received).toContainEqual({ type: 'app_changed_url', url: `${baseUrl}/market` });
    await page.context().close();
  });

  it('forwards uncaught errors to the parent', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate((src) => {
      (window as unknown as { received: unknown[] }).received = [];
      window.addEventListener('message', (event) => (window as unknown as { received: unknown[] }).received.push(event.data));
      document.body.append(Object.assign(document.createElement('iframe'), { id: 'deck', src }));
    }, `${baseUrl}/problem`);
    // The page loads the deck's script after its first paint (prerender.ts), so neither the
    // prerendered heading nor the frame's load event means the forwarding is in: a CI-like run threw
    // before it was and nothing came. The deck reports its address once mounted, after the forwarding.
    await page.waitForFunction(() =>
      (window as unknown as { received: Array<{ type: string }> }).received.some((message) => message.type === 'app_changed_url'),
    );
    const frame = page.frames().find((entry) => entry.url().endsWith('/problem'))!;
    await frame.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('deck exploded');
      });
      void Promise.reject(Object.assign(new Error('payment'), { status: 402 }));
    });
    await page.waitForFunction(() => (window as unknown as { received: Array<{ type: string }> }).received.some((message) => message.type === 'app_error'));
    const errors = await page.evaluate(() =>
      (window as unknown as { received: Array<{ type: string; error?: { message: string } }> }).received.filter((message) => message.type === 'app_error'),
    );
    expect(errors.map((message) => message.error?.message)).toEqual(['deck exploded']);
    await page.context().close();
  });
});
