// Slide components that read the viewer: "Prepared for" on the cover and the contact page, and the contact links.
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PartnerFooter } from '../../src/components/PartnerFooter.tsx';
import { Setting } from '../../src/components/Setting.tsx';
import { SlideContext, type SlideContextValue } from '../../src/components/SlideContext.tsx';
import { ViewerContext, type ViewerContextValue } from '../../src/components/ViewerContext.tsx';
import { allSlides, deckSettings, loadDeckPartner, loadSlide } from '../../src/registry/slideRegistry.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { partnerOfPreparedFor, partnerOfSettings } from '../../schemas/partnerValues.ts';

afterEach(cleanup);

const contact = allSlides.find((slide) => slide.name === 'Contact')!;
const { figures } = await loadSlide('Contact');
const slide: SlideContextValue = { slide: contact, records: {}, brands: [], figures };

function view(node: ReactNode, viewer?: ViewerContextValue) {
  const inSlide = <SlideContext.Provider value={slide}>{node}</SlideContext.Provider>;
  return render(viewer ? <ViewerContext.Provider value={viewer}>{inSlide}</ViewerContext.Provider> : inSlide);
}

// The deck under test still holds a sample partner (deck.yaml's samples:), which no page shows; a
// deck-wide partner of one's own is shown by name.
const samplePartner = await loadDeckPartner();
const written = (parse(readFileSync('slides/deck.yaml', 'utf8')) as { partner: { name: string; licence: string } }).partner;
const deckPartner = { name: 'Harbor Lending Group, Inc.', licence: 'NMLS #1234567' };
const deckWide = partnerOfSettings(deckPartner);
const own = (preparedFor: { name: string; company?: string }) => ({ partner: partnerOfPreparedFor(preparedFor) });

describe('PartnerFooter', () => {
  it('while the partner is not known: no name at all, and the line is hidden', () => {
    const { container } = view(<PartnerFooter />);
    expect(container.textContent).toBe('Prepared for ');
    expect(container.querySelector('strong[data-partner="line"]')!.textContent).toBe('');
    expect(container.querySelector('p')!.hidden).toBe(true);
  });

  it('for the deck-wide partner: its name and licence', () => {
    const { container } = view(<PartnerFooter />, { partner: deckWide });
    expect(container.textContent).toBe(`Prepared for ${deckPartner.name} · ${deckPartner.licence}`);
    expect(container.querySelector('p')!.hidden).toBe(false);
  });

  it('for a deck-wide partner that is still a sample: no line at all, and nothing of the sample in the page', () => {
    expect(samplePartner).toEqual({ name: '', licence: '', sample: true });
    const { container } = view(<PartnerFooter />, { partner: partnerOfSettings(samplePartner) });
    expect(container.querySelector('p')!.hidden).toBe(true);
    expect(container.textContent).not.toContain(written.name);
    expect(container.textContent).not.toContain(written.licence);
  });

  it("with the person's own Prepared for: name and company, and no deck-wide licence", () => {
    const { container } = view(<PartnerFooter />, own({ name: 'Dana Reyes', company: 'Harbor Lending' }));
    expect(container.textContent).toBe('Prepared for Dana Reyes, Harbor Lending');
    expect(container.textContent).not.toContain(deckPartner.licence);
    expect(container.textContent).not.toContain(deckPartner.name);
  });

  it('with a name only: the name alone', () => {
    const { container } = view(<PartnerFooter />, own({ name: 'Dana Reyes' }));
    expect(container.textContent).toBe('Prepared for Dana Reyes');
  });
});

describe('<Setting name="name" />', () => {
  it("is the deck-wide partner, the person's company when set, else the person's name; empty while unknown", () => {
    expect(view(<Setting name="name" />).container.textContent).toBe('');
    cleanup();
    expect(view(<Setting name="name" />, { partner: deckWide }).container.textContent).toBe(deckPartner.name);
    cleanup();
    expect(view(<Setting name="name" />, own({ name: 'Dana Reyes', company: 'Harbor Lending' })).container.textContent).toBe('Harbor Lending');
    cleanup();
    expect(view(<Setting name="name" />, own({ name: 'Dana Reyes' })).container.textContent).toBe('Dana Reyes');
  });

  it("the deck settings carry no partner: it is the viewer's alone", () => {
    expect(Object.keys(deckSettings)).not.toContain('partner');
    expect(JSON.stringify(deckSettings)).not.toContain(written.name);
  });
});

describe('<Setting link />', () => {
  it('the phone and the website, still samples, show nothing (tests/components/contactDetail.test.tsx has their links)', () => {
    expect(view(<Setting name="phone" link />).container.innerHTML).toBe('');
    cleanup();
    expect(view(<Setting name="website" link />).container.innerHTML).toBe('');
  });

  it('a setting with no link form stays text', () => {
    const { container } = view(<Setting name="host" link />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe(deckSettings.host.name);
  });
});
