import { describe, expect, it } from 'vitest';
import { assembleDeck, type DeckSources } from '../../src/content/assembleDeck.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { type ReportOutput, reportDeck } from '../../src/content/reportContent.ts';
import { sampleNotice } from '../../src/content/samples.ts';
import { fixture, realDeckSources, withExtraSlide, withSlide } from '../fixtures/deckFixture.ts';

// What `npm run check` prints, from the check's own code on the real content held in memory with one
// mistake made at a time: no copies, no processes. The commands themselves run end to end in
// tests/commands/contentCommands.test.ts.
const real = realDeckSources();

/** The text of one content file of `sources`. */
const textOf = (sources: DeckSources, file: string): string => {
  if (file === sources.settings.file) return sources.settings.text;
  if (file === sources.brands.file) return sources.brands.text;
  if (file === sources.figures.file) return sources.figures.text;
  const slide = sources.slides.find((entry) => entry.file === file);
  if (!slide) throw new Error(`no content file ${file}`);
  return slide.text;
};

/** `sources` with one file's text changed by `edit`. */
const editing = (sources: DeckSources, file: string, edit: (text: string) => string): DeckSources => {
  const text = edit(textOf(sources, file));
  if (file === sources.settings.file) return { ...sources, settings: { file, text } };
  if (file === sources.brands.file) return { ...sources, brands: { file, text } };
  if (file === sources.figures.file) return { ...sources, figures: { file, text } };
  return withSlide(sources, file, text);
};

/** `file:line:column` of the first place `text` stands in a file of `sources`. */
const placeOf = (sources: DeckSources, file: string, text: string, from = 0) => {
  const lines = textOf(sources, file).split('\n');
  const line = lines.findIndex((entry, index) => index >= from && entry.includes(text));
  return { line: line + 1, column: lines[line]!.indexOf(text) + 1, at: `${file}:${line + 1}:${lines[line]!.indexOf(text) + 1}` };
};

/** Everything reportDeck prints for `sources`, by stream, and its verdict. */
function report(sources: DeckSources, release = false, listSamples = false): { passed: boolean; errors: string[]; warnings: string[]; log: string[] } {
  const printed = { errors: [] as string[], warnings: [] as string[], log: [] as string[] };
  const out: ReportOutput = { error: (line) => printed.errors.push(line), warn: (line) => printed.warnings.push(line), log: (line) => printed.log.push(line) };
  return { passed: reportDeck(assembleDeck(sources), release, out, listSamples), ...printed };
}

/** The error lines of a check output (warnings and notes aside). */
const errorLines = (output: string) => output.split('\n').filter((line) => /^\S+:\d+:\d+ /.test(line) && !/ (warning|note): /.test(line));

describe('npm run check on broken content', () => {
  it('prints every error as file:line:column field: message, then the count, and fails', () => {
    let broken = editing(real, 'slides/market.mdx', (text) => text.replace(/^order: 4$/m, 'order: four'));
    // A misspelt component in a body, which the build would otherwise find only in dist-ssr/.
    broken = editing(broken, 'slides/hecm-purchase.mdx', (text) => text.replace(/^<BrandOverview \/>$/m, '<BrandOverveiw />'));
    broken = editing(broken, 'slides/brands.yaml', (text) => text.replace("colour: '#0f766e'", 'colour: teal'));
    // A <Setting> that names no setting renders nothing at all: the check must say where it is.
    if (!textOf(real, 'slides/contact.mdx').includes('prepared for <Setting name="name" />'))
      throw new Error('slides/contact.mdx no longer shows <Setting name="name" />');
    broken = editing(broken, 'slides/contact.mdx', (text) => text.replace('prepared for <Setting name="name" />', 'prepared for <Setting />'));
    const run = report(broken);
    expect(run.passed).toBe(false);
    const stderr = run.errors.join('\n');
    expect(stderr).toMatch(/^slides\/brands\.yaml:\d+:13 brands\[remo-ai\]\.colour: must be a hex colour such as #0f766e$/m);
    expect(stderr).toContain('slides/market.mdx:4:8 order: must be a number');
    expect(stderr).toMatch(/^slides\/hecm-purchase\.mdx:\d+:1 <BrandOverveiw>: is not a slide component \(did you mean BrandOverview\?\)$/m);
    expect(stderr, '<Setting /> without name= is not reported (parseSlide.ts)').toMatch(/^slides\/contact\.mdx:\d+:\d+ <Setting>: needs name="…", one of /m);
    expect(run.errors.at(-1)).toBe('\n4 error(s) in the slides; nothing was built.');
    expect(run.log).toEqual([]);
  });
});

describe('npm run check on the real content', () => {
  it('passes, read from the files as the command reads them', () => {
    const printed: string[] = [];
    expect(reportDeck(loadContent(process.cwd()), false, { error: () => {}, warn: () => {}, log: (line) => printed.push(line) })).toBe(true);
    expect(printed).toEqual(['content ok: 18 pages, 12 brands, 68 figures, 2 warning(s), 0 note(s)']);
  });
});

/** One editor mistake made on the real content in memory, and what `npm run check` prints for it. */
interface Mistake {
  name: string;
  make(sources: DeckSources): DeckSources;
  /** Every error line the check prints, exactly (warnings and notes aside), for the content as made. */
  errors(made: DeckSources): string[];
}

const addFixture = (name: string) => (sources: DeckSources) => withExtraSlide(sources, 'slides/appendix.mdx', fixture(`broken/${name}`));
const lengthLine = (sources: DeckSources) => placeOf(sources, 'slides/deck.yaml', '  length: ').line;
const OUTSIDE = 'keep a page outside the order with outsideDeck: true instead of its order';

const MISTAKES: Mistake[] = [
  {
    name: 'a misspelt component',
    make: addFixture('misspelt-component.mdx'),
    errors: () => ['slides/appendix.mdx:10:1 <BrandOverveiw>: is not a slide component (did you mean BrandOverview?)'],
  },
  {
    name: 'an unclosed tag',
    make: addFixture('unclosed-tag.mdx'),
    errors: () => ['slides/appendix.mdx:10:1 MDX syntax: Expected a closing tag for `<Note>`: close it with </Note>, or write <Note /> if it wraps nothing'],
  },
  {
    name: 'an appendix with order 18',
    make: addFixture('appendix-order-18.mdx'),
    errors: (made) => [
      `slides/appendix.mdx:4:8 order: order 18 is past the last page (deck.length is 17 in slides/deck.yaml:${lengthLine(made)}): raise it there, or ${OUTSIDE}`,
      `slides/deck.yaml:${lengthLine(made)}:11 deck.length: is 17, but 18 pages have an order: raise it here, or ${OUTSIDE}`,
    ],
  },
  {
    name: 'a deleted slide',
    make: (sources) => ({ ...sources, slides: sources.slides.filter((slide) => slide.file !== 'slides/reverse-guide.mdx') }),
    errors: (made) => [
      `slides/deck.yaml:${lengthLine(made)}:11 deck.length: is 17, but 16 pages have an order and none has order 15: orders run 1-17 without gaps (renumber the pages, or change the length here)`,
    ],
  },
  {
    name: 'a renamed page that links still name',
    make: (sources) => editing(sources, 'slides/core-technology.mdx', (text) => text.replace('name: CoreTechnology', 'name: CoreTech')),
    errors: (made) =>
      made.slides
        .map((slide) => slide.file)
        .sort()
        .flatMap((file) =>
          textOf(made, file)
            .split('\n')
            .flatMap((line, index, lines) => {
              const at = `${file}:${index + 1}`;
              const stale = 'no page is named CoreTechnology (did you mean CoreTech?)';
              if (line.includes('link: CoreTechnology')) {
                // The card's index in the frontmatter's cards list.
                const card = lines.slice(lines.indexOf('cards:'), index).filter((entry) => entry.startsWith('  - ')).length - 1;
                return [`${at}:${line.indexOf('CoreTechnology') + 1} cards[${card}].link: ${stale}`];
              }
              if (line.includes('to="CoreTechnology"')) return [`${at}:${line.indexOf('to="CoreTechnology"') + 1} <LinkButton to="CoreTechnology">: ${stale}`];
              return [];
            }),
        ),
  },
  {
    name: '{brandCount} in a body',
    make: addFixture('setting-in-body.mdx'),
    errors: () => ['slides/appendix.mdx:8:18 {brandCount} in a slide body is code in MDX: write <Figure id="ecosystem.brandCount" /> instead'],
  },
  {
    name: 'a figure typed on one page only (13.95T → 13.96T on the market page)',
    make: (sources) => editing(sources, 'slides/market.mdx', (text) => text.replace('    figure: market.homeEquity\n', '    usd: 13960000000000\n')),
    errors: (made) => [
      `slides/market.mdx:${placeOf(made, 'slides/market.mdx', 'usd: 13960000000000').line}:10 stats[0].usd: $13.96T differs from figure market.homeEquity (Home equity), which is $13.95T at slides/figures.yaml:${placeOf(made, 'slides/figures.yaml', 'usd: 13950000000000').line}: write figure: market.homeEquity, or change the figure there`,
    ],
  },
  {
    name: 'a misspelt figure id',
    make: (sources) => editing(sources, 'slides/market.mdx', (text) => text.replace('figure: market.homeEquity', 'figure: market.homeEquty')),
    errors: (made) => [
      `${placeOf(made, 'slides/market.mdx', 'market.homeEquty').at} stats[0].figure: no figure has id market.homeEquty in slides/figures.yaml (did you mean market.homeEquity?)`,
    ],
  },
  {
    name: 'a misspelt brand id',
    make: addFixture('misspelt-brand.mdx'),
    errors: () => ['slides/appendix.mdx:5:8 brand: no brand has id remo-ia in slides/brands.yaml (did you mean remo-ai?)'],
  },
  {
    name: 'a mis-indented line in brands.yaml',
    make: (sources) => editing(sources, 'slides/brands.yaml', (text) => text.replace('    role: Flagship AI platform', '  role: Flagship AI platform')),
    errors: (made) => [
      `${placeOf(made, 'slides/brands.yaml', '  role: Flagship AI platform').at.replace(/:\d+$/, ':3')} invalid YAML: All mapping items must start at the same column (check the indentation of this line)`,
    ],
  },
];

describe('the check on each common editor mistake', () => {
  it.each(MISTAKES.map((mistake) => [mistake.name, mistake] as const))('%s: exact file:line:column messages', (_name, mistake) => {
    const made = mistake.make(real);
    const run = report(made);
    expect(run.passed).toBe(false);
    expect(errorLines(run.errors.join('\n'))).toEqual(mistake.errors(made));
  });
});

describe('sample values', () => {
  const notice = (settings: number, figures: number) =>
    `Not ready to share: ${[settings ? `${settings} sample value${settings === 1 ? '' : 's'} in slides/deck.yaml` : '', figures ? `${figures} figure${figures === 1 ? '' : 's'} without a source in slides/figures.yaml` : ''].filter(Boolean).join(' and ')}; npm run check -- --samples lists them.`;
  const ALL = ['company.name', 'partner.name', 'partner.licence', 'host.name', 'host.domain', 'contact.phone', 'contact.website'];
  const figureIds = Object.keys(assembleDeck(real).content!.figures);

  it('are counted in one short line by the check, listed one a line with --samples; --release refuses while any remain', () => {
    const line = notice(ALL.length, figureIds.length);
    const check = report(real);
    expect(check.passed).toBe(true);
    const printed = [...check.errors, ...check.warnings, ...check.log];
    expect(printed.filter((text) => text.startsWith('Not ready to share'))).toEqual([line]);
    // No id of a setting or figure in the short run: those are for --samples.
    expect(printed.join('\n')).not.toContain('market.homeEquity');
    const listed = report(real, false, true);
    expect(listed.passed).toBe(true);
    const at = listed.log.indexOf('slides/deck.yaml: 7 settings hold a sample value (replace each, then delete its line under samples:)');
    expect(listed.log.slice(at + 1, at + 1 + ALL.length)).toEqual(ALL.map((path) => `  ${path}`));
    const figuresAt = listed.log.indexOf(`slides/figures.yaml: ${figureIds.length} figures have no source or as-of date yet (still "to be supplied")`);
    expect(listed.log.slice(figuresAt + 1, figuresAt + 1 + figureIds.length)).toEqual(figureIds.map((id) => `  ${id}`));
    const release = report(real, true);
    expect(release.passed).toBe(false);
    expect(release.errors).toContain(`Release refused. ${line}`);
  });

  it('--release refuses a figure without a source until every one has one', () => {
    const unsampled = editing(real, 'slides/deck.yaml', (text) => text.replace(/^samples:\n(  - .*\n)*/m, ''));
    // Every figure sourced but one, as a test (the real sources are the owners' to give).
    let left = 0;
    const oneLeft = editing(unsampled, 'slides/figures.yaml', (text) =>
      text.replace(/    source: to be supplied\n    asOf: to be supplied/g, (all) => (left++ === 0 ? all : "    source: Test source\n    asOf: '2025-06'")),
    );
    const refused = report(oneLeft, true);
    expect(refused.passed).toBe(false);
    expect(refused.errors).toContain(`Release refused. ${notice(0, 1)}`);
    const allSourced = editing(oneLeft, 'slides/figures.yaml', (text) =>
      text.replace('    source: to be supplied\n    asOf: to be supplied', "    source: Test source\n    asOf: '2025-06'"),
    );
    const released = report(allSourced, true);
    expect([...released.errors, ...released.warnings].join('\n')).not.toContain('Not ready to share');
    expect(released.passed).toBe(true);
  });

  it('leave the notice once replaced, and a misspelt entry is an error with the closest setting', () => {
    const onlyPartner = editing(real, 'slides/deck.yaml', (text) => text.replace(/^  - (?!partner\.name$).*\n/gm, ''));
    expect(sampleNotice(assembleDeck(onlyPartner).content!.settings)).toBe(notice(1, 0));
    const none = editing(onlyPartner, 'slides/deck.yaml', (text) => text.replace(/^samples:\n  - partner\.name\n/m, ''));
    expect(sampleNotice(assembleDeck(none).content!.settings)).toBeUndefined();
    const misspelt = editing(none, 'slides/deck.yaml', (text) => `${text}samples:\n  - partner.nmae\n`);
    const at = placeOf(misspelt, 'slides/deck.yaml', 'partner.nmae');
    expect(errorLines(assembleDeck(misspelt).issues.map(formatIssue).join('\n'))).toEqual([
      `${at.at} samples[0]: partner.nmae is not a setting a page shows (did you mean partner.name?)`,
    ]);
  });
});
