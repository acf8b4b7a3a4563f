import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandOverview } from '../../src/components/BrandOverview.tsx';
import { SlideContext } from '../../src/components/SlideContext.tsx';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { realDeckSources } from '../fixtures/deckFixture.ts';

// The brand's facts on its own page. A domain filled from a setting that is still a sample is empty
// (src/content/sampleStandIns.ts): the page then says the brand's status, never a "Domain" with nothing after it.

const { content } = assembleDeck(realDeckSources());
afterEach(cleanup);

function overview(id: string): HTMLElement {
  const slide = content!.slides.find((entry) => entry.records.brand === id)!;
  return render(
    <SlideContext.Provider
      value={{
        slide,
        records: slide.records,
        brands: content!.brands,
        figures: Object.fromEntries(Object.entries(content!.figures).map(([id, figure]) => [id, figure.text])),
      }}
    >
      <BrandOverview />
    </SlideContext.Provider>,
  ).container;
}

describe('a brand page’s facts', () => {
  it('name the domain where the brand has one', () => {
    const brand = content!.brands.find((entry) => entry.domain)!;
    const facts = overview(brand.id).querySelector('.fact--domain')!.textContent!;
    expect(facts).toContain('Domain');
    expect(facts).toContain(brand.domain);
  });

  it('say the status instead while the domain is a sample, with no empty Domain line', () => {
    const host = content!.brands.find((entry) => entry.id === 'host')!;
    expect(host.domain, 'the deck under test still holds host.domain as a sample').toBe('');
    const facts = overview('host').querySelector('.fact--domain')!;
    expect(facts.textContent).not.toContain('Domain');
    expect(facts.querySelector('.fact__value')!.textContent).toBe(host.status);
  });
});
