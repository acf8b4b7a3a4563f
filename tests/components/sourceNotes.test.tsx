import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Cards } from '../../src/components/Cards.tsx';
import { Figure } from '../../src/components/Figure.tsx';
import { FigureMarkerLinks } from '../../src/components/figureMarkerLinks.ts';
import { SlidePage } from '../../src/components/SlidePage.tsx';
import * as sourceNotes from '../../src/components/SourceNotes.tsx';
import type { FigureSource, SlideMeta, SlideModule } from '../../src/registry/slideRegistry.ts';

afterEach(cleanup);

const FIGURES: Record<string, string> = {
  'market.homeEquity': '$13.95T',
  'market.penetration': 'under 3%',
  'market.untappedEquity': '$11.58T',
  'market.satisfaction': '96%',
  'ecosystem.brandCount': '10',
};
// market.satisfaction's source is still to be supplied: it has none here.
const SOURCES: Record<string, FigureSource> = {
  'market.homeEquity': { label: 'Home equity', source: 'Survey A (test)', asOf: '30 June 2025' },
  'market.penetration': { label: 'Penetration of the eligible market', source: 'Survey B (test)', asOf: 'March 2025' },
  'market.untappedEquity': { label: 'Untapped equity', source: 'Survey A (test)', asOf: '30 June 2025' },
  'ecosystem.brandCount': { label: 'Brands in the ecosystem', source: 'Company records (test)', asOf: null },
};
const SLIDE: SlideMeta = { name: 'Market', path: '/market', label: 'Market', order: 4, layout: 'content', title: 'One hub, 10 brands' };

/** A slide module whose body is the given component, with these records and figures. */
function moduleOf(Body: ComponentType, extra: Partial<SlideModule> = {}): SlideModule {
  return {
    default: Body as SlideModule['default'],
    components: {},
    records: {},
    brands: [],
    figures: FIGURES,
    sources: SOURCES,
    headerFigures: [],
    sourceNotes,
    tagline: null,
    ...extra,
  };
}
const page = (Body: ComponentType, extra?: Partial<SlideModule>) => render(<SlidePage slide={SLIDE} module={moduleOf(Body, extra)} />).container;
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('source notes', () => {
  it('number figures as the page shows them, one note per source and date, each marker linking to its note', () => {
    const container = page(() => (
      <p>
        <Figure id="market.penetration" /> and <Figure id="market.homeEquity" standalone /> and <Figure id="market.untappedEquity" />
      </p>
    ));
    const markers = [...container.querySelectorAll('.figure-ref a')];
    expect(markers.map((marker) => [text(marker), marker.getAttribute('href')])).toEqual([
      ['1 (source note)', '#source-note-1'],
      ['2 (source note)', '#source-note-2'],
      ['2 (source note)', '#source-note-2'],
    ]);
    const notes = [...container.querySelectorAll('.source-notes li')];
    expect(notes.map((note) => [note.id, text(note)])).toEqual([
      ['source-note-1', 'Survey B (test), as of March 2025. Penetration of the eligible market, under 3% (back to the figure) ↑'],
      ['source-note-2', 'Survey A (test), as of 30 June 2025. Home equity, $13.95T (back to the figure) ↑ · Untapped equity, $11.58T (back to the figure) ↑'],
    ]);
    expect(container.querySelector('.source-notes')?.getAttribute('aria-labelledby')).toBe('source-notes-title');
    expect(text(container.querySelector('#source-notes-title'))).toBe('Sources');
  });

  it('link back from each note to the first place its figure stands', () => {
    const container = page(() => (
      <p>
        <Figure id="market.homeEquity" /> twice: <Figure id="market.homeEquity" />
      </p>
    ));
    const back = container.querySelector('#source-note-1 a')!.getAttribute('href')!;
    expect(back).toBe('#figure-market-homeEquity');
    expect(container.querySelectorAll(back)).toHaveLength(1);
    expect(container.querySelector(back)).toBe(container.querySelector('.figure-ref a'));
  });

  it('show nothing for a figure whose source is still to be supplied, and no list when no figure has one', () => {
    const container = page(() => <Figure id="market.satisfaction" />);
    expect(page(() => <Figure id="market.homeEquity" />, { sources: {}, sourceNotes: null }).querySelector('.figure-ref, .source-notes')).toBeNull();
    // Its text alone: no element around it.
    expect(container.querySelector('.slide__body')!.innerHTML).toBe('96%');
    expect(container.querySelector('.source-notes')).toBeNull();
  });

  it('put the header figures first, their back-link going to the heading', () => {
    const container = page(() => <Figure id="market.penetration" />, { headerFigures: ['ecosystem.brandCount'] });
    expect([...container.querySelectorAll('.source-notes li')].map((note) => note.querySelector('a')!.getAttribute('href'))).toEqual([
      '#slide-title',
      '#figure-market-penetration',
    ]);
    expect(text(container.querySelector('.figure-ref'))).toBe('2 (source note)');
  });

  it('inside a control the marker is text, no link in a button, and the note still links back to it', () => {
    const container = page(() => (
      <button type="button">
        <FigureMarkerLinks.Provider value={false}>
          <Figure id="market.homeEquity" />
        </FigureMarkerLinks.Provider>
      </button>
    ));
    expect(container.querySelector('button a')).toBeNull();
    expect(text(container.querySelector('button .figure-ref'))).toBe('1 (source note 1, below)');
    expect(container.querySelector('button .figure-ref')!.id).toBe('figure-market-homeEquity');
    expect(container.querySelector('#source-note-1 a')!.getAttribute('href')).toBe('#figure-market-homeEquity');
  });

  it('reach figures written as {id} in a record, capitalizing a standalone one', () => {
    const records = {
      cards: [{ title: 'Penetration', figure: 'market.penetration', description: 'A {market.homeEquity} market, {market.penetration} reached.' }],
    };
    const container = page(() => <Cards />, { records });
    expect(text(container.querySelector('.card__value'))).toBe('Under 3%1 (source note)');
    expect(text(container.querySelector('.card__text'))).toBe('A $13.95T2 (source note) market, under 3%1 (source note) reached.');
  });
});
