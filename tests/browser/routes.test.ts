import { describe, expect, it } from 'vitest';
import { baseUrl, slides, routes, openPage, reusedPage, withChromium } from './routePages.ts';

withChromium();

describe('every route of the production build', () => {
  it.each(routes)('%s loads directly, hydrates without warnings and shows its heading', async (route) => {
    const { page, problems } = await reusedPage();
    const response = await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    const slide = slides.find((entry) => entry.path === route)!;
    expect(await page.textContent('h1')).toBe(slide.title);
    expect(problems).toEqual([]);
  });

  it('an unknown path gets the 404 screen with status 404', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${baseUrl}/no-such-page`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Page Not Found');
    expect(await page.textContent('main')).toContain('The page "/no-such-page" could not be found in this application.');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it('other spellings and a trailing slash redirect to the canonical route', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/executive-summary/`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${baseUrl}/executivesummary`);
    await page.goto(`${baseUrl}/cover`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.context().close();
  });
});

describe('first paint before JavaScript', () => {
  it('the static HTML of each route already holds its heading and figures', async () => {
    const ecosystem = await (await fetch(`${baseUrl}/ecosystem`)).text();
    expect(ecosystem).toContain('$7.1M-$9.4M');
    expect(ecosystem).toContain('Live &amp; Operational');
    const tpo = await (await fetch(`${baseUrl}/reversetpo`)).text();
    expect(tpo).toContain('$1,209,750');
  });

  it('with JavaScript off every page shows and Previous/Next work', async () => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/`);
    expect(await page.textContent('.bottom-bar__counter > [aria-hidden]')).toBe('1 / 17');
    for (const slide of slides.filter((entry) => entry.order !== null).slice(1)) {
      await page.getByRole('link', { name: /^Next/ }).click();
      await page.waitForURL(baseUrl + slide.path);
      expect(await page.textContent('h1')).toBe(slide.title);
      expect(await page.textContent('.bottom-bar__counter > [aria-hidden]')).toBe(`${slide.order} / 17`);
    }
    await page.getByRole('link', { name: /^Previous/ }).click();
    await page.waitForURL(baseUrl + slides.find((entry) => entry.order === 16)!.path);
    await page.context().close();
  });
});
