import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPEC_CONTROLS, SPEC_FIGURES } from '../support/specFigures.ts';
import { renderRoute, textOf } from '../support/renderRoute.tsx';

// Every figure the spec states by page (one list, also read by the PDF export's test), and on screen
// the page's controls too.
const FIGURES = Object.fromEntries(Object.entries(SPEC_FIGURES).map(([path, figures]) => [path, [...figures, ...(SPEC_CONTROLS[path] ?? [])]]));

const BRAND_PAGES = [
  '/remoai',
  '/hecmai',
  '/hecmpurchase',
  '/virtualreverse',
  '/downsize',
  '/reversemasterclass',
  '/reversetpo',
  '/reversedesk',
  '/reverseradio',
  '/reverseguide',
  '/reversemortgagenews',
];

afterEach(cleanup);

describe('every page shows its spec figures', () => {
  it.each(Object.entries(FIGURES))('%s', async (path, figures) => {
    const { container } = await renderRoute(path);
    expect(container.querySelector('h1')).not.toBeNull();
    // The cover's partner lines arrive a moment later: a page no server filled loads the deck-wide
    // partner's own chunk.
    await vi.waitFor(() => expect(figures.filter((figure) => !textOf(container).includes(figure))).toEqual([]), { timeout: 5000 });
  });
});

describe('brand pages', () => {
  it.each(BRAND_PAGES)('%s has a title, tagline, domain card, valuation and the investment ask', async (path) => {
    const { container } = await renderRoute(path);
    expect(textOf(container.querySelector('h1')!)).not.toBe('');
    expect(textOf(container.querySelector('.slide__tagline')!)).not.toBe('');
    const labels = [...container.querySelectorAll('.fact__label')].map(textOf);
    const values = [...container.querySelectorAll('.fact__value')].map(textOf);
    // A brand whose domain is a deck setting still holding a sample (the host) states its status instead.
    if (labels[0] === 'Status') {
      expect(path).toBe('/downsize');
      expect(values[0]).toBe('Stealth Stage');
    } else {
      expect(labels[0]).toBe('Domain');
      expect(values[0]).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
    expect(labels.slice(1)).toEqual(['Valuation range', 'Investment ask']);
    expect(values[1]).toMatch(/^\$[\d.]+[KM]-\$[\d.]+[KM]$|^Strategic concept: not yet valued$/);
    expect(values[2]).toBe('TBD, based on structure and negotiated terms.');
  });

  it('the life-transition concept says it has no valuation instead of inventing one', async () => {
    const { container } = await renderRoute('/downsize');
    expect(textOf(container.querySelectorAll('.fact')[1]!)).toContain('Strategic concept: not yet valued');
    expect(textOf(container)).not.toMatch(/\$\d[^ ]*-\$\d/);
  });
});

describe('structure the spec counts', () => {
  const count = async (path: string, selector: string) => (await renderRoute(path)).container.querySelectorAll(selector).length;

  it('executive summary: six highlights and four REMO bullets', async () => {
    const { container } = await renderRoute('/executivesummary');
    expect(container.querySelectorAll('#section-strategic-highlights ~ * .card, #section-strategic-highlights + ul > li').length).toBe(6);
    expect(
      [...container.querySelectorAll('.card')].find((card) => card.textContent?.includes('REMO AI Core'))?.querySelectorAll('.card__features li'),
    ).toHaveLength(4);
  });

  it('problem: six root causes, each with an impact label', async () => {
    const { container } = await renderRoute('/problem');
    expect(container.querySelectorAll('.card__impact').length).toBe(6);
  });

  it('virtual process: five steps', async () => {
    expect(await count('/virtualreverse', '.step')).toBe(5);
  });

  it('core technology: four metrics and four architecture cards with three features each', async () => {
    const { container } = await renderRoute('/coretechnology');
    const coded = [...container.querySelectorAll('.card')].filter((card) => card.querySelector('.card__code'));
    expect(coded.map((card) => card.querySelectorAll('.card__features li').length)).toEqual([3, 3, 3, 3]);
  });

  it('contact: eleven ecosystem sites', async () => {
    expect(await count('/contact', '.site-list li')).toBe(11);
  });

  it('reverse guide: six sibling brands', async () => {
    expect(await count('/reverseguide', '.site-list li')).toBe(6);
  });

  it('success stories are marked illustrative', async () => {
    for (const path of Object.keys(FIGURES)) {
      const { container, unmount } = await renderRoute(path);
      for (const story of container.querySelectorAll('.story')) expect(textOf(story)).toContain('Illustrative sample');
      unmount();
    }
  });
});
