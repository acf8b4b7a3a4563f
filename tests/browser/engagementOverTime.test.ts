import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { ALPHA, BETA, twoPartners } from '../platform/twoPartners.ts';
import { axeViolations } from './axeViolations.ts';
import { signedInWithToken } from './presenterSession.ts';
import { testChromium } from './sharedChromium.ts';

// Engagement over time in the console, in chromium against the local platform serving the built deck:
// known visits on known days (two partners) give the deck's and each person's visits and reading time
// per day, drawn and in the table under "Numbers per day", in the console reader's own days (the
// browser runs 14 hours east of UTC); the totals per person and per slide download as CSV; axe finds
// nothing. Screenshots go to SHOTS_DIR.

const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'over-time-shots');
const DAY = 24 * 60 * 60 * 1000;
const ZONE = 'Pacific/Kiritimati';

let p: TestPlatform;
let browser: Browser;
let owner: Page;

/** Noon, `daysAgo` days before today, in the console reader's zone (UTC+14): 22:00 UTC the day before. */
function localNoon(daysAgo: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00+14:00`) - daysAgo * DAY).toISOString();
}

/** The day label the console writes for `daysAgo` ("4 Dec"). */
function label(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: ZONE }).format(new Date(localNoon(daysAgo)));
}

const visit = (id: string, daysAgo: number, times: Array<[string, number]>) =>
  times.map(([path, ms], i) => ({
    visit_id: `visit-${id}-0000`,
    visit_started_at: localNoon(daysAgo),
    path,
    ms,
    device: 'desktop',
    view_key: `key-${id}-${i}-0000`,
  }));

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: 'dist', appId: 'investor-deck' });
  const [alpha, beta] = await twoPartners(p);
  // Ann: two visits five days ago, one two days ago; Bo: one today.
  const views = `/entities/${ENGAGEMENT_ENTITY.view}/bulk`;
  const sent = [
    await p.call('POST', views, {
      token: alpha!.token,
      body: [
        ...visit('a1', 5, [
          ['/', 60_000],
          ['/market', 120_000],
        ]),
        ...visit('a2', 5, [['/market', 30_000]]),
        ...visit('a3', 2, [['/problem', 45_000]]),
      ],
    }),
    await p.call('POST', views, { token: beta!.token, body: visit('b1', 0, [['/', 15_000]]) }),
  ];
  for (const reply of sent) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  browser = await testChromium();
  mkdirSync(SHOTS, { recursive: true });
  owner = await signedInWithToken(browser, p, ADMIN.email, ADMIN.password, { timezoneId: ZONE, acceptDownloads: true });
  await owner.goto(`${p.url}${ADMIN_PATH}#admin-engagement`);
  await owner.getByRole('heading', { level: 3, name: 'Over time' }).waitFor();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await p?.close();
});

/** The rows of a "Numbers per day" table that have a visit: [day, visits, time]. */
async function busyDays(page: Page, caption: string): Promise<string[][]> {
  const table = page.locator('table', { has: page.locator('caption', { hasText: caption }) });
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  return rows.filter((row) => row[1] !== '0');
}

describe('engagement over time', () => {
  it("draws the deck's visits and reading time per day, with their numbers in a table", async () => {
    const section = owner.locator('section[aria-labelledby="admin-engagement"]');
    expect(await busyDays(owner, 'Visits and reading time per day, every viewer')).toEqual([
      [label(5), '2', '3 min 30 s'],
      [label(2), '1', '45 s'],
      [label(0), '1', '15 s'],
    ]);
    expect(await section.getByRole('img', { name: 'Visits per day, every viewer' }).count()).toBe(1);
    const described = await section.getByRole('img', { name: 'Visits per day, every viewer' }).getAttribute('aria-labelledby');
    expect(described?.split(' ')).toHaveLength(2);
    await section.locator('summary', { hasText: 'Numbers per day' }).first().click();
    expect(await axeViolations(owner, 'engagement over time')).toEqual([]);
    for (const [width, height] of [
      [1920, 1080],
      [1280, 800],
      [390, 844],
    ] as const) {
      await owner.setViewportSize({ width, height });
      await section.locator('.engagement-over-time').evaluate((element) => {
        element.scrollIntoView();
        // Below the deck's header, which stays at the top.
        window.scrollBy(0, -90);
      });
      await owner.screenshot({ path: join(SHOTS, `engagement-over-time-${width}x${height}.png`) });
    }
    await owner.setViewportSize({ width: 1280, height: 800 });
  });

  it("and each person's, in their detail", async () => {
    const section = owner.locator('section[aria-labelledby="admin-engagement"]');
    await section.locator('.engagement-viewers__choose', { hasText: ALPHA.email }).click();
    await owner.locator(`.engagement-detail[data-viewer="${ALPHA.email}"]`).waitFor();
    expect(await busyDays(owner, `Visits and reading time per day, ${ALPHA.email}`)).toEqual([
      [label(5), '2', '3 min 30 s'],
      [label(2), '1', '45 s'],
    ]);
    // The last 14 days leave out nothing here; the choice reaches the person's chart too.
    await section.locator('#engagement-days').selectOption('14');
    expect(
      await owner
        .locator('table', { has: owner.locator('caption', { hasText: `per day, ${ALPHA.email}` }) })
        .locator('tbody tr')
        .count(),
    ).toBe(14);
  });

  it('downloads the totals per person and per slide as CSV', async () => {
    const section = owner.locator('section[aria-labelledby="admin-engagement"]');
    const read = async (name: string) => {
      const [download] = await Promise.all([owner.waitForEvent('download'), section.getByRole('button', { name }).click()]);
      return readFileSync((await download.path())!, 'utf8').split('\r\n');
    };
    const people = await read('Totals per person (CSV)');
    expect(people[0]).toBe('viewer_email,viewer_id,visits,total_ms,slides_seen,deck_length,furthest_slide,last_active_at,device,last_version');
    expect(people.find((line) => line.startsWith(`${ALPHA.email},`))).toMatch(new RegExp(`^${ALPHA.email},[\\w-]+,3,255000,3,17,`));
    expect(people.find((line) => line.startsWith(`${BETA.email},`))).toMatch(new RegExp(`^${BETA.email},[\\w-]+,1,15000,1,17,`));
    const slides = await read('Totals per slide (CSV)');
    expect(slides[0]).toBe('path,slide,order,viewers,total_ms,median_ms,stopped_here');
    expect(slides.find((line) => line.startsWith('/market,'))).toBe('/market,Market,4,1,150000,150000,1');
  });
});
