import { tmpdir } from 'node:os';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { QUESTION_THANKS } from '../../src/questions/AskQuestionDialog.tsx';
import { ADMIN, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { ALPHA as ANN, BETA as BO, twoPartners, wordsOf } from '../platform/twoPartners.ts';
import { eventually } from '../support/waitFor.ts';
import { axeViolations } from './axeViolations.ts';
import { hydrated, signedInWithToken } from './presenterSession.ts';
import { testChromium } from './sharedChromium.ts';

// Questions on a slide, end to end in chromium against the local platform serving the built deck: a
// partner asks on the Market page (the key Q, a figure picked), the owner sees it arrive live in the
// console's Questions section and answers, the partner's open page shows the answer at once; another
// partner's browser receives nothing of it in any page, response or socket frame; present mode shows
// none of it; every state passes axe. Screenshots go to SHOTS for a person to look at.

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'question-shots');
// Markup and a spreadsheet formula in a partner's words must arrive as the words.
const QUESTION = 'How is the <b>home equity</b> split by state?\n=HYPERLINK("x")';
const ANSWER = 'About a third is in California; the rest follows population.';

let p: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  await twoPartners(p);
  browser = await testChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** The page at 1920×1080, 1280×800 and 390×844, with `selector` (if given) scrolled to the middle at each. */
async function shots(page: Page, name: string, selector?: string): Promise<void> {
  for (const [width, height] of [
    [1920, 1080],
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (selector)
      await page
        .locator(selector)
        .first()
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Everything a page receives: response bodies and socket frames. */
function received(page: Page): { bodies: Promise<string>[]; frames: string[] } {
  const bodies: Promise<string>[] = [];
  const frames: string[] = [];
  page.on('response', (response) => bodies.push(response.text().catch(() => '')));
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  return { bodies, frames };
}

describe('a question on the Market page', () => {
  let ann: Page;
  let owner: Page;
  let bo: Page;
  let boSaw: ReturnType<typeof received>;

  beforeAll(async () => {
    owner = await signedInWithToken(browser, p, ADMIN.email, ADMIN.password);
    await owner.goto(`${p.url}${ADMIN_PATH}#admin-questions`);
    await owner.getByRole('heading', { level: 2, name: 'Questions' }).waitFor();
    bo = await signedInWithToken(browser, p, BO.email, BO.password);
    boSaw = received(bo);
    await bo.goto(`${p.url}/market`);
    await hydrated(bo);
  });

  it('is asked with Q, with a figure of the page, and shows beside the page', async () => {
    ann = await signedInWithToken(browser, p, ANN.email, ANN.password);
    await ann.goto(`${p.url}/market`);
    await hydrated(ann);
    // The first visit's note that reading time is recorded: put away, as a reader would.
    await ann.getByRole('button', { name: 'Dismiss recording notice' }).click();
    // The bottom bar offers it to a partner; the key opens the same form.
    await ann.getByRole('button', { name: 'Ask a question about this page' }).waitFor();
    await ann.keyboard.press('q');
    const dialog = ann.getByRole('dialog', { name: 'Ask about Market' });
    await dialog.waitFor();
    expect(await axeViolations(ann, 'the question form')).toEqual([]);
    await shots(ann, 'ask-form');
    await dialog.getByLabel('Your question').fill(QUESTION);
    const figure = dialog.getByLabel('About a figure');
    await eventually(async () => (await figure.locator('option').count()) > 1, { what: 'the page’s figures offered', timeoutMs: 10_000 });
    await figure.selectOption({ label: '$13.95T: Home equity' });
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await dialog.getByText(QUESTION_THANKS).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const aside = ann.getByRole('complementary', { name: 'Your questions on this page' });
    await aside.waitFor();
    expect(await aside.locator('.question__text').textContent()).toBe(QUESTION);
    expect(await aside.locator('.question__text b').count()).toBe(0);
    expect(await aside.textContent()).toContain('Waiting for an answer');
    expect(await aside.textContent()).toContain('About $13.95T (Home equity)');
  });

  it('reaches the owner’s console live, unanswered first, and the owner answers', async () => {
    const section = owner.locator('section[aria-labelledby="admin-questions"]');
    const card = section.locator('article.admin-question', { hasText: 'home equity' });
    await eventually(async () => (await card.count()) === 1, { what: 'the question in the open console', timeoutMs: 10_000 });
    expect(await card.locator('.admin-question__text').textContent()).toBe(QUESTION);
    expect(await card.textContent()).toContain(ANN.email);
    expect(await card.textContent()).toContain('on Market');
    expect(await owner.getByRole('link', { name: /Questions \(1 unanswered\)/ }).count()).toBe(1);
    await section.evaluate((element) => element.scrollIntoView());
    expect(await axeViolations(owner, 'the console’s Questions section')).toEqual([]);
    await shots(owner, 'console-question', 'article.admin-question');
    await card.getByLabel(`Your answer to ${ANN.email}`).fill(ANSWER);
    await card.getByRole('button', { name: `Send answer to ${ANN.email}` }).click();
    await eventually(async () => (await card.textContent())?.includes(`Answered by ${ADMIN.name}`), { what: 'the answer shown in the console' });
    await shots(owner, 'console-answered', 'article.admin-question');
  });

  it('shows the answer on the partner’s open page at once, and in their list of questions', async () => {
    const aside = ann.getByRole('complementary', { name: 'Your questions on this page' });
    await eventually(async () => (await aside.locator('.question__answer-text').textContent()) === ANSWER, {
      what: 'the answer on the partner’s open page',
      timeoutMs: 10_000,
    });
    expect(await aside.textContent()).toContain('Answered');
    await aside.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    expect(await axeViolations(ann, 'the page with its question answered')).toEqual([]);
    await shots(ann, 'partner-answer', 'aside.page-questions');
    await aside.getByRole('button', { name: 'All your questions (1)' }).click();
    const list = ann.getByRole('dialog', { name: 'Your questions' });
    await list.waitFor();
    expect(await list.getByRole('link', { name: 'Market' }).count()).toBe(1);
    expect(await list.locator('.question__answer-text').textContent()).toBe(ANSWER);
    expect(await axeViolations(ann, 'the list of questions')).toEqual([]);
    await shots(ann, 'partner-list');
    await list.getByRole('button', { name: 'Close' }).click();
  });

  it('keeps out of the way in present mode', async () => {
    await ann.keyboard.press('f');
    await eventually(() => ann.evaluate(() => document.documentElement.classList.contains('present-mode')), { what: 'present mode' });
    await eventually(async () => (await ann.getByRole('complementary', { name: 'Your questions on this page' }).count()) === 0, {
      what: 'the questions gone in present mode',
    });
    // Present mode's stylesheet comes with its code, a moment after the switch.
    await eventually(async () => !(await ann.getByRole('button', { name: 'Ask a question about this page' }).isVisible()), {
      what: 'Ask gone from the bar in present mode',
    });
    await ann.keyboard.press('q');
    expect(await ann.getByRole('dialog', { name: 'Ask about Market' }).count()).toBe(0);
    await ann.keyboard.press('Escape');
  });

  it('never reaches another partner: not on their page, in any response or socket frame', async () => {
    // Bo's page has been open all along, and Bo opens their own list.
    await bo.reload();
    await hydrated(bo);
    await bo.keyboard.press('q');
    const dialog = bo.getByRole('dialog', { name: 'Ask about Market' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /Your questions so far/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await bo.getByRole('complementary', { name: 'Your questions on this page' }).count()).toBe(0);
    const bodies = await Promise.all(boSaw.bodies);
    expect(bodies.length).toBeGreaterThan(5);
    for (const secret of ['home equity</b>', 'split by state', 'California', ...wordsOf(ANN)]) {
      expect(
        bodies.filter((body) => body.includes(secret)).map((body) => body.slice(0, 120)),
        `a response naming ${secret}`,
      ).toEqual([]);
      expect(
        boSaw.frames.filter((frame) => frame.includes(secret)),
        `a socket frame naming ${secret}`,
      ).toEqual([]);
      expect(await bo.content()).not.toContain(secret);
    }
  });
});
