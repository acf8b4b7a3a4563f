import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Setting } from '../../src/components/Setting.tsx';
import { SlideContext } from '../../src/components/SlideContext.tsx';
import { ViewerContext } from '../../src/components/ViewerContext.tsx';
import { deckWidePartner } from '../../schemas/deckWidePartner.ts';
import { partnerOfSettings } from '../../schemas/partnerValues.ts';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { deckTokens } from '../../src/content/deckTokens.ts';
import { parseSlide } from '../../src/content/parseSlide.ts';
import { shownSettings } from '../../src/content/sampleStandIns.ts';
import { SETTING_NAMES, type SettingName } from '../../src/content/settingNames.ts';
import * as registry from '../../src/registry/slideRegistry.ts';
import { realDeckSources } from '../fixtures/deckFixture.ts';

const { content } = assembleDeck(realDeckSources());
// The deck under test still holds samples: its pages fill the blanks with their stand-ins.
const tokens = deckTokens(shownSettings(content!.settings));
const page = (body: string) => `---\nname: Appendix\nlabel: Appendix\noutsideDeck: true\ntitle: Appendix\n---\n\n${body}\n`;

beforeAll(async () => {
  // The registry may arrive as a lazily loaded chunk; Setting reads the deck settings from it.
  const load = (registry as { loadDeckRegistry?: () => Promise<void> }).loadDeckRegistry;
  await load?.();
});
afterEach(cleanup);

describe('one table of setting names', () => {
  it('fills a frontmatter blank for every name', () => {
    expect(Object.keys(tokens).sort()).toEqual([...SETTING_NAMES].sort());
  });

  it.each(SETTING_NAMES)('renders what the check suggests for {%s} in a body', (name) => {
    const { issues } = parseSlide('slides/appendix.mdx', page(`Text with {${name}} in it.`), tokens);
    const suggested = /write <Setting name="(\w+)" \/> instead$/.exec(issues[0]?.message ?? '')?.[1];
    expect(suggested).toBe(name);
    const slide = content!.slides[0]!;
    const { container } = render(
      // A viewer shown the deck-wide partner (name and licence are the viewer's partner).
      <ViewerContext.Provider value={{ partner: partnerOfSettings(deckWidePartner(content!.settings)) }}>
        <SlideContext.Provider value={{ slide, records: {}, brands: content!.brands, figures: {} }}>
          <Setting name={suggested as SettingName} />
        </SlideContext.Provider>
      </ViewerContext.Provider>,
    );
    expect(container.textContent).toBe(tokens[name]);
  });

  it('shows no sample: each setting deck.yaml lists under samples: reads as its stand-in, or not at all', () => {
    const raw = deckTokens(content!.settings);
    const samples = content!.settings.samples ?? [];
    expect(samples).toEqual(expect.arrayContaining(['partner.name', 'host.name', 'contact.phone']));
    expect(tokens.host).toBe('Life-transition brand');
    expect(tokens.name).toBe('you');
    for (const name of ['licence', 'hostDomain', 'phone', 'website'] as const) expect(tokens[name], name).toBe('');
    // The company's name is the deck's title: kept even while a sample.
    expect(tokens.company).toBe(raw.company);
    for (const name of SETTING_NAMES.filter((n) => n !== 'company')) if (raw[name]) expect(tokens[name], name).not.toBe(raw[name]);
  });

  it('shows a replaced value as it is: a setting no longer under samples: is nobody’s stand-in', () => {
    const own = { ...content!.settings, samples: [] };
    expect(deckTokens(shownSettings(own))).toEqual(deckTokens(own));
  });

  it.each([
    ['<Setting />', 1],
    ['<Setting link />', 1],
    ['<Setting name="" />', 10],
  ])('reports %s, which names no setting, at its line and column', (tag, column) => {
    const { issues } = parseSlide('slides/appendix.mdx', page(`Hosted by\n${tag} today.`), tokens);
    expect(
      issues.map((issue) => `${issue.file}:${issue.line}:${issue.column} ${issue.field}: ${issue.message}`),
      '<Setting /> without name= is not reported (parseSlide.ts)',
    ).toEqual([`slides/appendix.mdx:9:${column} <Setting>: needs name="…", one of ${SETTING_NAMES.join(', ')}`]);
  });

  it('reports a <Setting> name that is not in the table, with the closest name', () => {
    const { issues } = parseSlide('slides/appendix.mdx', page('Hosted by <Setting name="hots" />.'), tokens);
    expect(issues.map((issue) => `${issue.line}:${issue.column} ${issue.field}: ${issue.message}`)).toEqual([
      '8:20 <Setting name="hots">: is not a deck setting (did you mean host?)',
    ]);
  });
});
