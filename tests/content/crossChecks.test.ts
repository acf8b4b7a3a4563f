import { describe, expect, it } from 'vitest';
import { shownSettings } from '../../src/content/sampleStandIns.ts';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { deckTokens, PLACEHOLDER_TOKENS } from '../../src/content/deckTokens.ts';
import { fixture, realDeckSources, withExtraSlide, withSlide } from '../fixtures/deckFixture.ts';

const sources = realDeckSources();
/** The line of `length:` in slides/deck.yaml, where the deck-length errors point. */
const lengthLine = sources.settings.text.split('\n').findIndex((line) => /^  length: /.test(line)) + 1;
/** The 1-based line of the `nth` line that reads `text` exactly. */
const lineOf = (file: string, text: string, nth = 1) =>
  file
    .split('\n')
    .flatMap((line, index) => (line === text ? [index + 1] : []))
    .at(nth - 1)!;
const messages = (result: ReturnType<typeof assembleDeck>, severity: 'error' | 'warning') =>
  result.issues.filter((issue) => issue.severity === severity).map(formatIssue);

describe('the real deck', () => {
  // Assembled inside each test, not while the file is collected: `npm run mutate` runs for each mutant
  // only the tests that reached it, and code run at collection reaches none.
  it('has no errors, 17 pages in order and the core-technology page outside it', () => {
    const result = assembleDeck(sources);
    expect(messages(result, 'error')).toEqual([]);
    const inDeck = result.content!.slides.filter((slide) => slide.order !== null);
    expect(inDeck.map((slide) => slide.order)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
    expect(inDeck[0]!.path).toBe('/');
    expect(inDeck[1]!.path).toBe('/executivesummary');
    expect(inDeck[16]!.name).toBe('Contact');
    expect(result.content!.slides.find((slide) => slide.order === null)?.path).toBe('/coretechnology');
  });

  it("fills page 10's label with the host brand's name from the deck settings, or its stand-in while a sample", () => {
    const result = assembleDeck(sources);
    const label = (deck: typeof result) => deck.content!.slides.find((slide) => slide.order === 10)?.label;
    expect(result.content!.settings.samples).toContain('host.name');
    expect(label(result)).toBe(shownSettings(result.content!.settings).host.name);
    expect(label(result)).not.toBe(result.content!.settings.host.name);
    const own = assembleDeck({ ...sources, settings: { ...sources.settings, text: sources.settings.text.replace('  - host.name\n', '') } });
    expect(label(own)).toBe(own.content!.settings.host.name);
  });
});

describe('cross-checks', () => {
  it('rejects a duplicate order, with both files named', () => {
    const problem = sources.slides.find((slide) => slide.file === 'slides/problem.mdx')!;
    const result = assembleDeck(withSlide(sources, problem.file, problem.text.replace('order: 3', 'order: 4')));
    expect(messages(result, 'error')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^slides\/(problem|market)\.mdx:4:8 order: order 4 is also used by slides\/(problem|market)\.mdx$/),
        `slides/deck.yaml:${lengthLine}:11 deck.length: is 17, but 17 pages have an order and none has order 3: orders run 1-17 without gaps (renumber the pages, or change the length here)`,
      ]),
    );
  });

  it('names the order a deleted slide leaves empty, at the deck length it falls short of', () => {
    const result = assembleDeck({ ...sources, slides: sources.slides.filter((slide) => slide.file !== 'slides/contact.mdx') });
    expect(messages(result, 'error')).toEqual([
      `slides/deck.yaml:${lengthLine}:11 deck.length: is 17, but 16 pages have an order and none has order 17: orders run 1-17 without gaps (renumber the pages, or change the length here)`,
    ]);
  });

  it('blames a page past the deck length at its order, and points at deck.length and outsideDeck', () => {
    const result = assembleDeck(withExtraSlide(sources, 'slides/appendix.mdx', fixture('broken/appendix-order-18.mdx')));
    expect(messages(result, 'error')).toEqual([
      `slides/appendix.mdx:4:8 order: order 18 is past the last page (deck.length is 17 in slides/deck.yaml:${lengthLine}): raise it there, or keep a page outside the order with outsideDeck: true instead of its order`,
      `slides/deck.yaml:${lengthLine}:11 deck.length: is 17, but 18 pages have an order: raise it here, or keep a page outside the order with outsideDeck: true instead of its order`,
    ]);
    // The line named is the length's own, with another key of `deck` above it.
    const titled = { ...sources.settings, text: sources.settings.text.replace(/^deck:\n/m, 'deck:\n  title: The partner deck\n') };
    const pastTitled = assembleDeck({ ...withExtraSlide(sources, 'slides/appendix.mdx', fixture('broken/appendix-order-18.mdx')), settings: titled });
    expect(messages(pastTitled, 'error')[0]).toContain(`(deck.length is 17 in slides/deck.yaml:${lengthLine + 1})`);
  });

  it("takes the deck length from deck.yaml, the spec's 17 when it is not set", () => {
    const longer = { ...sources.settings, text: sources.settings.text.replace(/^  length: 17$/m, '  length: 18') };
    const appendix = withExtraSlide(sources, 'slides/appendix.mdx', fixture('broken/appendix-order-18.mdx'));
    expect(messages(assembleDeck({ ...appendix, settings: longer }), 'error')).toEqual([]);
    const unset = { ...sources.settings, text: sources.settings.text.replace(/^deck:\n  length: 17\n/m, '') };
    expect(messages(assembleDeck({ ...sources, settings: unset }), 'error')).toEqual([]);
    expect(messages(assembleDeck({ ...appendix, settings: unset }), 'error')).toEqual([
      "slides/appendix.mdx:4:8 order: order 18 is past the last page (deck.length is not set, so it is the spec's 17 in slides/deck.yaml): add deck: { length: 18 } there, or keep a page outside the order with outsideDeck: true instead of its order",
      "slides/deck.yaml:1:1 deck.length: is not set, so it is the spec's 17, but 18 pages have an order: add deck: { length: 18 } here, or keep a page outside the order with outsideDeck: true instead of its order",
    ]);
    // One page fewer in the order: the fix offered is the length the pages now fill.
    const contact = sources.slides.find((slide) => slide.file === 'slides/contact.mdx')!;
    const contactOutside = withSlide(sources, contact.file, contact.text.replace(/^order: 17$/m, 'outsideDeck: true'));
    expect(messages(assembleDeck({ ...contactOutside, settings: unset }), 'error')).toEqual([
      "slides/deck.yaml:1:1 deck.length: is not set, so it is the spec's 17, but 16 pages have an order and none has order 17: orders run 1-17 without gaps (renumber the pages, or add deck: { length: 16 } here)",
    ]);
  });

  it('rejects two pages on one route, at the name of the second', () => {
    const market = sources.slides.find((slide) => slide.file === 'slides/market.mdx')!;
    const result = assembleDeck(withSlide(sources, market.file, market.text.replace('name: Market', 'name: Problem')));
    expect(messages(result, 'error')).toEqual(['slides/problem.mdx:2:7 name: route /problem is also the route of slides/market.mdx']);
  });

  it('names every order two deleted slides leave empty', () => {
    const result = assembleDeck({ ...sources, slides: sources.slides.filter((slide) => !['slides/contact.mdx', 'slides/market.mdx'].includes(slide.file)) });
    expect(messages(result, 'error')).toEqual([
      `slides/deck.yaml:${lengthLine}:11 deck.length: is 17, but 15 pages have an order and none has orders 4, 17: orders run 1-17 without gaps (renumber the pages, or change the length here)`,
    ]);
  });

  it('rejects Live & Operational on anything but the hub', () => {
    const text = sources.brands.text.replace(/(id: remo-ai[\s\S]*?status: )Stealth Stage/, '$1Live & Operational');
    const errors = messages(assembleDeck({ ...sources, brands: { ...sources.brands, text } }), 'error');
    expect(errors).toEqual([
      expect.stringMatching(/^slides\/brands\.yaml:\d+:13 brands\[remo-ai\]\.status: is Live & Operational, but Live & Operational is for the hub only/),
    ]);
  });

  it('rejects a slide that names a brand that does not exist', () => {
    const hecm = sources.slides.find((slide) => slide.file === 'slides/hecm-ai.mdx')!;
    const text = hecm.text.replace(/^brand: .*\n/m, '').replace(/^order: 7$/m, 'order: 7\nbrand: hecm-ia');
    const errors = messages(assembleDeck(withSlide(sources, hecm.file, text)), 'error');
    expect(errors).toEqual([
      expect.stringMatching(/^slides\/hecm-ai\.mdx:\d+:8 brand: no brand has id hecm-ia in slides\/brands\.yaml \(did you mean hecm-ai\?\)$/),
    ]);
  });

  it('rejects a brand id used twice, and names the slides left pointing at the lost one', () => {
    const brands = { ...sources.brands, text: sources.brands.text.replace('  - id: reverse-desk', '  - id: remo-ai') };
    expect(messages(assembleDeck({ ...sources, brands }), 'error')).toEqual([
      `slides/brands.yaml:${lineOf(brands.text, '  - id: remo-ai', 2)}:9 brands[remo-ai].id: id remo-ai is used twice`,
      expect.stringMatching(/^slides\/contact\.mdx:\d+:5 brands\[7\]: no brand has id reverse-desk in slides\/brands\.yaml \(did you mean reverse-tpo\?\)$/),
      expect.stringMatching(/^slides\/reverse-desk\.mdx:\d+:8 brand: no brand has id reverse-desk in slides\/brands\.yaml/),
    ]);
  });

  it("checks the brands even while a slide's frontmatter is broken, and leaves the order alone until it is fixed", () => {
    const brands = { ...sources.brands, text: sources.brands.text.replace('  - id: reverse-desk', '  - id: remo-ai') };
    const problem = sources.slides.find((slide) => slide.file === 'slides/problem.mdx')!;
    const errors = messages(assembleDeck(withSlide({ ...sources, brands }, problem.file, problem.text.replace('order: 3', 'order: three'))), 'error');
    expect(errors).toContain('slides/problem.mdx:4:8 order: must be a number');
    expect(errors).toContain(`slides/brands.yaml:${lineOf(brands.text, '  - id: remo-ai', 2)}:9 brands[remo-ai].id: id remo-ai is used twice`);
    expect(errors.filter((text) => text.includes('deck.length'))).toEqual([]);
  });

  it('asks a core or amplifier brand for its investment range, and not the hub', () => {
    const text = sources.brands.text
      .replace('    investment: investment.remoAi\n', '')
      .replace('    investment: hub.investment\n', '')
      .replace('    investment: investment.rmNews\n', '');
    expect(messages(assembleDeck({ ...sources, brands: { ...sources.brands, text } }), 'error')).toEqual([
      `slides/brands.yaml:${lineOf(text, '  - id: remo-ai')}:5 brands[remo-ai]: core brand remo-ai needs an investment range for its ecosystem card`,
      `slides/brands.yaml:${lineOf(text, '  - id: rm-news')}:5 brands[rm-news]: amplifier brand rm-news needs an investment range for its ecosystem card`,
    ]);
  });

  it("keeps the ecosystem's shape: one hub, four core brands, three amplifiers", () => {
    const lines = sources.brands.text.split('\n');
    const amplifier = lines.indexOf('    group: amplifier');
    const text = lines.map((line, index) => (index === amplifier ? '    group: core' : line)).join('\n');
    expect(messages(assembleDeck({ ...sources, brands: { ...sources.brands, text } }), 'error')).toEqual([
      `slides/brands.yaml:${lineOf(text, 'brands:') + 1}:3 brands: 5 brands are in group core; the ecosystem page shows 4`,
      `slides/brands.yaml:${lineOf(text, 'brands:') + 1}:3 brands: 2 brands are in group amplifier; the ecosystem page shows 3`,
    ]);
  });

  it('reports one mis-indented line of brands.yaml as one error at that line', () => {
    const text = sources.brands.text.replace('    role: Flagship AI platform', '  role: Flagship AI platform');
    const line = text.split('\n').indexOf('  role: Flagship AI platform') + 1;
    expect(messages(assembleDeck({ ...sources, brands: { ...sources.brands, text } }), 'error')).toEqual([
      `slides/brands.yaml:${line}:3 invalid YAML: All mapping items must start at the same column (check the indentation of this line)`,
    ]);
  });

  it('reports a broken settings file and still checks every slide', () => {
    const settings = { ...sources.settings, text: sources.settings.text.replace('(555) 010-0100', 'call us') };
    const errors = messages(assembleDeck({ ...sources, settings }), 'error');
    expect(errors).toEqual([expect.stringMatching(/^slides\/deck\.yaml:\d+:10 contact\.phone: must be a phone number/)]);
  });
});

describe('placeholder blanks', () => {
  it('name every blank a slide may use, so a broken settings file never makes a known blank look unknown', () => {
    const { content } = assembleDeck(sources);
    const real = deckTokens(content!.settings);
    expect(Object.keys(PLACEHOLDER_TOKENS).sort()).toEqual(Object.keys(real).sort());
  });
});
