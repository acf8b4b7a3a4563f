import { describe, expect, it } from 'vitest';
import { assembleDeck, type DeckSources } from '../../src/content/assembleDeck.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { checkFigures, monthsBetween } from '../../src/content/figureChecks.ts';
import { parseLedger } from '../../src/content/figureLedger.ts';
import { slideModule } from '../../src/content/registryModules.ts';
import { sampleList, sampleNotice } from '../../src/content/samples.ts';
import { realDeckSources, withSlide } from '../fixtures/deckFixture.ts';

// Each editor mistake about figures, and the exact message the check gives it.
const TODAY = '2026-01-15';
const sources: DeckSources = { ...realDeckSources(), today: TODAY };
const textOf = (file: string) =>
  file === 'slides/figures.yaml'
    ? sources.figures.text
    : file === 'slides/brands.yaml'
      ? sources.brands.text
      : sources.slides.find((slide) => slide.file === file)!.text;
/** `file:line:column` of the first place `text` stands in a file (after `after`, when given). */
const placeOf = (file: string, text: string, after?: string, body = textOf(file)) => {
  const lines = body.split('\n');
  const from = after ? lines.findIndex((line) => line.includes(after)) : 0;
  const line = lines.findIndex((entry, index) => index >= from && entry.includes(text));
  if (line < 0) throw new Error(`${text} is not in ${file}`);
  return `${file}:${line + 1}:${lines[line]!.indexOf(text) + 1}`;
};
const lineOf = (file: string, text: string, after?: string, body?: string) => Number(placeOf(file, text, after, body).split(':')[1]);
const editSlide = (file: string, edit: (text: string) => string) => withSlide(sources, file, edit(textOf(file)));
const editLedger = (edit: (text: string) => string): DeckSources => ({ ...sources, figures: { ...sources.figures, text: edit(sources.figures.text) } });
const issues = (deck: DeckSources, severity: 'error' | 'warning') =>
  assembleDeck(deck)
    .issues.filter((issue) => issue.severity === severity)
    .map(formatIssue);

describe('the real deck', () => {
  // Assembled inside each test: `npm run mutate` runs for each mutant only the tests that reached it,
  // and code run while the file is collected reaches none.

  it('has no errors; its only warnings are the spec total that its own brand valuations contradict', () => {
    const result = assembleDeck(sources);
    expect(result.issues.filter((issue) => issue.severity === 'error').map(formatIssue)).toEqual([]);
    const total = placeOf('slides/figures.yaml', '{ low: 7100000', 'ecosystem.totalValuation:');
    const [file, line] = total.split(':');
    const low = `${file}:${line}:${Number(total.split(':')[2]) + '{ low: '.length}`;
    const high = `${file}:${line}:${Number(placeOf('slides/figures.yaml', 'high: 9400000', 'ecosystem.totalValuation:').split(':')[2]) + 'high: '.length}`;
    expect(result.issues.filter((issue) => issue.severity !== 'error').map(formatIssue)).toEqual([
      `${low} ecosystem.totalValuation.usd.low: warning: the stated total's low end is $7.1M, but the figures it sums (hub.valuation, valuation.*) add up to $7M ($7M-$9.45M); the slides show the stated $7.1M-$9.4M`,
      `${high} ecosystem.totalValuation.usd.high: warning: the stated total's high end is $9.4M, but the figures it sums (hub.valuation, valuation.*) add up to $9.45M ($7M-$9.45M); the slides show the stated $7.1M-$9.4M`,
    ]);
  });

  it("keeps each of the spec's pairs as two figures whose labels say what each measures", () => {
    const result = assembleDeck(sources);
    const figures = result.content!.figures;
    expect([figures['market.penetration']!.text, figures['market.equityPenetration']!.text]).toEqual(['under 3%', 'under 5%']);
    expect([figures['market.eligibleHouseholds']!.text, figures['market.seniorHouseholds']!.text]).toEqual(['27-30M', '30M+']);
    expect([figures['problem.daysToClose']!.text, figures['reverseDesk.industryDaysToClose']!.text]).toEqual(['45-60+ days', '45-60 days']);
    const labels = ['market.penetration', 'market.equityPenetration', 'market.eligibleHouseholds', 'market.seniorHouseholds'].map((id) => figures[id]!.label);
    expect(new Set(labels).size).toBe(4);
  });

  it('shows each figure on the pages that name it: the home equity on the market page and the executive summary', () => {
    const result = assembleDeck(sources);
    const pages = (id: string) => result.content!.slides.filter((slide) => slide.figureIds.includes(id)).map((slide) => slide.path);
    expect(pages('market.homeEquity')).toEqual(['/executivesummary', '/market']);
    expect(pages('hecm.limit2025')).toEqual(['/hecmai', '/reversetpo', '/reversemortgagenews']);
    expect(pages('valuation.remoAi')).toEqual(['/remoai', '/ecosystem']);
  });
});

describe('each editor mistake, with its exact message', () => {
  it('13.95T → 13.96T typed on the market page only: differs from the ledger figure its label names, both places named', () => {
    const deck = editSlide('slides/market.mdx', (text) => text.replace('    figure: market.homeEquity\n', '    usd: 13960000000000\n'));
    expect(issues(deck, 'error')).toEqual([
      `slides/market.mdx:11:10 stats[0].usd: $13.96T differs from figure market.homeEquity (Home equity), which is $13.95T at slides/figures.yaml:${lineOf('slides/figures.yaml', 'usd: 13950000000000')}: write figure: market.homeEquity, or change the figure there`,
    ]);
  });

  it('the same edit in the prose of the executive summary', () => {
    const deck = editSlide('slides/executive-summary.mdx', (text) => text.replace('A {market.homeEquity} home-equity market', 'A $13.96T home-equity market'));
    expect(issues(deck, 'error')).toEqual([
      `${placeOf('slides/executive-summary.mdx', '{market.homeEquity} home-equity')} cards[7].description: $13.96T differs from figure market.homeEquity (Home equity), which is $13.95T at slides/figures.yaml:${lineOf('slides/figures.yaml', 'usd: 13950000000000')}: write {market.homeEquity}, or change the figure there`,
    ]);
  });

  it('a ledger figure typed again in a stat, in frontmatter prose and in a body, however it is written', () => {
    const deck = editSlide('slides/market.mdx', (text) =>
      text
        .replace('    figure: market.homeEquity\n', '    usd: 13950000000000\n')
        .replace('sublabel: Equity not yet drawn on', 'sublabel: Part of 13.95 trillion')
        .replace('<Stats group="market" />', '<Stats group="market" />\n\nClosing takes 45–60+ days today.'),
    );
    const body = deck.slides.find((slide) => slide.file === 'slides/market.mdx')!.text;
    expect(issues(deck, 'error')).toEqual([
      'slides/market.mdx:11:10 stats[0].usd: $13.95T repeats figure market.homeEquity (Home equity): write figure: market.homeEquity instead',
      `${placeOf('slides/market.mdx', '13.95 trillion', undefined, body)} stats[1].sublabel: 13.95 trillion repeats figure market.homeEquity (Home equity): write {market.homeEquity} instead`,
      `${placeOf('slides/market.mdx', '45–60+ days', undefined, body)} 45–60+ days repeats figure problem.daysToClose (Days to close a reverse loan today): write <Figure id="problem.daysToClose" /> instead`,
    ]);
  });

  it('a number that is two facts of the ledger names both', () => {
    const deck = editSlide('slides/reverse-tpo.mdx', (text) => text.replace('figure: tpo.averageClosingDays', 'value: 21–28 days'));
    expect(issues(deck, 'error')).toEqual([
      `slides/reverse-tpo.mdx:${lineOf('slides/reverse-tpo.mdx', 'figure: tpo.averageClosingDays')}:12 stats[5].value: 21–28 days repeats figures tpo.averageClosingDays (Average closing) and reverseDesk.daysToClose (Days to close with ReverseDesk (target)): write figure: tpo.averageClosingDays (or the id of the one it means) instead`,
    ]);
  });

  it('a number in a stat that the ledger does not have', () => {
    const deck = editSlide('slides/core-technology.mdx', (text) =>
      text.replace('    figure: tech.compliance\n    label: Compliance', '    value: 12%\n    label: Margin'),
    );
    expect(issues(deck, 'error')).toEqual([
      `slides/core-technology.mdx:${lineOf('slides/core-technology.mdx', 'figure: tech.compliance')}:12 stats[3].value: 12% is a figure the ledger does not have: give it a home in slides/figures.yaml (label, value, source, asOf) and write figure: <its id> here`,
    ]);
  });

  it('a misspelt id, in a field, in a string and in a body', () => {
    const deck = editSlide('slides/market.mdx', (text) =>
      text
        .replace('figure: market.homeEquity', 'figure: market.homeEquty')
        .replace('sublabel: Equity not yet drawn on', 'sublabel: Beside {market.homeEqity}')
        .replace('<Stats group="market" />', '<Stats group="market" />\n\nThe market: <Figure id="market.homEquity" />.'),
    );
    const body = deck.slides.find((slide) => slide.file === 'slides/market.mdx')!.text;
    expect(issues(deck, 'error')).toEqual([
      'slides/market.mdx:11:13 stats[0].figure: no figure has id market.homeEquty in slides/figures.yaml (did you mean market.homeEquity?)',
      `${placeOf('slides/market.mdx', '{market.homeEqity}', undefined, body)} stats[1].sublabel: {market.homeEqity} is not a figure of slides/figures.yaml (did you mean market.homeEquity?)`,
      `${placeOf('slides/market.mdx', 'id="market.homEquity"', undefined, body).replace(/:(\d+)$/, (_all, column: string) => `:${Number(column)}`)} <Figure id="market.homEquity">: no figure has id market.homEquity in slides/figures.yaml (did you mean market.homeEquity?)`,
    ]);
  });

  it('a figure written as an MDX expression in a body', () => {
    const deck = editSlide('slides/market.mdx', (text) => `${text}\nHome equity: {market.homeEquity}, across {brandCount} brands.\n`);
    const body = deck.slides.find((slide) => slide.file === 'slides/market.mdx')!.text;
    expect(issues(deck, 'error')).toEqual([
      `${placeOf('slides/market.mdx', '{market.homeEquity}', 'Home equity: {', body)} {market.homeEquity} in a slide body is code in MDX: write <Figure id="market.homeEquity" /> instead`,
      `${placeOf('slides/market.mdx', '{brandCount}', undefined, body)} {brandCount} in a slide body is code in MDX: write <Figure id="ecosystem.brandCount" /> instead`,
    ]);
  });

  it('a brand valuation id that is not in the ledger', () => {
    const brands = { ...sources.brands, text: sources.brands.text.replace('valuation: valuation.remoAi', 'valuation: valuation.remoAI') };
    expect(issues({ ...sources, brands }, 'error')).toEqual([
      `${placeOf('slides/brands.yaml', 'valuation.remoAi')} brands[remo-ai].valuation: no figure has id valuation.remoAI in slides/figures.yaml (did you mean valuation.remoAi?)`,
    ]);
  });

  it('money named by a figure that is not money', () => {
    const deck = editSlide('slides/hecm-purchase.mdx', (text) => text.replace('amount: purchase.averageTransaction', 'amount: purchase.buyerContribution'));
    expect(issues(deck, 'error')).toEqual([
      `${placeOf('slides/hecm-purchase.mdx', 'purchase.averageTransaction', 'stories:')} stories[0].amount: purchase.buyerContribution is 40-60%, not money: name a figure of slides/figures.yaml with a usd value`,
    ]);
  });

  it('a stated count that its figures contradict', () => {
    const deck = editLedger((text) => text.replace('    count: 10\n    countOf', '    count: 9\n    countOf'));
    expect(issues(deck, 'error')).toEqual([
      `slides/figures.yaml:${lineOf('slides/figures.yaml', 'count: 10', 'ecosystem.brandCount:')}:12 ecosystem.brandCount.count: states 9, but countOf (valuation.*) names 10 figures`,
    ]);
  });

  it("a figure's value typed again in a ledger note, as in a page's prose: the note names the figure by its id", () => {
    const note = 'Quoted on the cover as $13.95T, beside 30M+ households; a home equity of $13.96T was an early draft.';
    const deck = editLedger((text) => text.replace('    label: Home equity\n', `    label: Home equity\n    notes: "${note}"\n`));
    const line = lineOf('slides/figures.yaml', note, undefined, deck.figures.text);
    const column = (literal: string) => deck.figures.text.split('\n')[line - 1]!.indexOf(literal) + 1;
    expect(issues(deck, 'error')).toEqual([
      `slides/figures.yaml:${line}:${column('$13.95T')} market.homeEquity.notes: $13.95T repeats figure market.homeEquity (Home equity): write its id (market.homeEquity) instead, so the note still holds when the figure changes`,
      `slides/figures.yaml:${line}:${column('30M+')} market.homeEquity.notes: 30M+ repeats figure market.seniorHouseholds (Senior households the refinancing engine spans): write its id (market.seniorHouseholds) instead, so the note still holds when the figure changes`,
      `slides/figures.yaml:${line}:${column('$13.96T')} market.homeEquity.notes: $13.96T differs from figure market.homeEquity (Home equity), which is $13.95T at slides/figures.yaml:${lineOf('slides/figures.yaml', 'usd: 13950000000000', undefined, deck.figures.text)}: write its id (market.homeEquity), or change the figure there`,
    ]);
    // A value two figures share names both; words and numbers that are no figure are left alone.
    const shared = editLedger((text) =>
      text.replace('    label: Home equity\n', '    label: Home equity\n    notes: "Closes in 21-28 days, in 2025, for 4 lenders."\n'),
    );
    expect(issues(shared, 'error')).toEqual([
      expect.stringMatching(
        /market\.homeEquity\.notes: 21-28 days repeats figures tpo\.averageClosingDays \(Average closing\) and reverseDesk\.daysToClose \(.*\): write the id of the one it means \(tpo\.averageClosingDays or reverseDesk\.daysToClose\) instead, so the note still holds when the figure changes$/,
      ),
    ]);
  });

  it('a ledger entry with two values, or none', () => {
    const deck = editLedger((text) => text.replace('    usd: 13950000000000\n', '    usd: 13950000000000\n    count: 5\n'));
    expect(issues(deck, 'error')).toEqual([
      `slides/figures.yaml:${lineOf('slides/figures.yaml', 'label: Home equity')}:5 market.homeEquity: needs exactly one value, one of usd, count, percent, days, hours, minutes, years, times, degrees (has usd, count)`,
    ]);
  });

  it('a figure no page shows, and an as-of date older than staleAfterMonths, are warnings', () => {
    const deck = editLedger((text) =>
      text
        .replace('figures:\n', 'figures:\n  market.unused:\n    label: Unused\n    count: 7\n    source: to be supplied\n    asOf: to be supplied\n')
        .replace(
          /(  market\.untappedEquity:\n(?:    .*\n)*?)    source: to be supplied\n    asOf: to be supplied/,
          "$1    source: Survey (test)\n    asOf: '2024-06'",
        ),
    );
    const warnings = issues(deck, 'warning').filter((line) => !line.includes('stated total'));
    const ledger = deck.figures.text;
    expect(warnings).toEqual([
      `slides/figures.yaml:${lineOf('slides/figures.yaml', 'market.unused:', undefined, ledger)}:3 market.unused: warning: no page shows this figure: show it (figure: market.unused, {market.unused} or <Figure id="market.unused" />) or delete it`,
      `slides/figures.yaml:${lineOf('slides/figures.yaml', "asOf: '2024-06'", undefined, ledger)}:11 market.untappedEquity.asOf: warning: 2024-06 is 19 months before today (${TODAY}), older than staleAfterMonths (18): check the figure, then update its value, source and asOf`,
    ]);
    expect(issues(deck, 'error')).toEqual([]);
  });

  it('a byte-order mark and CRLF line endings in the ledger and a slide change nothing', () => {
    const windows = (text: string) => `\uFEFF${text.replace(/\n/g, '\r\n')}`;
    const deck = { ...editSlide('slides/market.mdx', windows), figures: { ...sources.figures, text: windows(sources.figures.text) } };
    expect(issues(deck, 'error')).toEqual([]);
    expect(assembleDeck(deck).content!.figures['market.homeEquity']!.text).toBe('$13.95T');
  });
});

describe('sources', () => {
  it('are samples until given: the sample line counts every figure without one, and the list names each', () => {
    const { content } = assembleDeck(sources);
    const line = sampleNotice(content!.settings, Object.values(content!.figures))!;
    expect(line).toContain('68 figures without a source in slides/figures.yaml; npm run check -- --samples lists them.');
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toContain('market.homeEquity');
    const list = sampleList({ ...content!.settings, samples: [] }, Object.values(content!.figures));
    expect(list.slice(0, 3)).toEqual([
      'slides/figures.yaml: 68 figures have no source or as-of date yet (still "to be supplied")',
      '  market.homeEquity',
      '  market.untappedEquity',
    ]);
    expect(list).toHaveLength(69);
  });

  it('once given, a figure leaves the sample line', () => {
    const deck = editLedger((text) =>
      text.replace(
        /(  market\.homeEquity:\n(?:    .*\n)*?)    source: to be supplied\n    asOf: to be supplied/,
        '$1    source: Survey (test)\n    asOf: 2025-06-30',
      ),
    );
    const { content } = assembleDeck(deck);
    expect(content!.figures['market.homeEquity']).toMatchObject({ source: 'Survey (test)', asOf: '2025-06-30' });
    expect(sampleNotice({ ...content!.settings, samples: [] }, Object.values(content!.figures))).toContain('67 figures without a source');
    expect(sampleList({ ...content!.settings, samples: [] }, Object.values(content!.figures))).not.toContain('  market.homeEquity');
  });

  it("reach a slide's chunk only once given: its source-note code too, so a deck of samples carries none of it", () => {
    const chunk = (deck: DeckSources, name: string) => {
      const { content } = assembleDeck(deck);
      const slide = content!.slides.find((entry) => entry.name === name)!;
      return slideModule(slide, `/slides/${name}.mdx`, content!, (component) => `/src/components/${component}.tsx`);
    };
    const samples = chunk(sources, 'Market');
    expect(samples).toContain('export const sourceNotes = null;');
    expect(samples).toContain('export const sources = {};');
    expect(samples).toContain('"market.homeEquity":"$13.95T"');
    const given = chunk(
      editLedger((text) =>
        text.replace(
          /(  market\.homeEquity:\n(?:    .*\n)*?)    source: to be supplied\n    asOf: to be supplied/,
          '$1    source: Survey (test)\n    asOf: 2025-06-30',
        ),
      ),
      'Market',
    );
    expect(given).toContain('export * as sourceNotes from "/src/components/SourceNotes.tsx";');
    expect(given).toContain('export const sources = {"market.homeEquity":{"label":"Home equity","source":"Survey (test)","asOf":"30 June 2025"}};');
  });
});

// Found by mutation testing: the ledger's own checks on a small ledger, so each test controls every
// number it sums or dates. Every result is computed inside its test: Stryker turns a mutant on only
// for code that runs in a test, not in a describe body.
const LEDGER = 'slides/figures.yaml';
/** One ledger entry's YAML; its as-of date is the sample value unless a test gives one, so only dated entries are aged. */
const entry = (id: string, label: string, ...fields: string[]) =>
  [
    `  ${id}:`,
    `    label: ${label}`,
    ...fields.map((field) => `    ${field}`),
    '    source: Test',
    ...(fields.some((field) => field.startsWith('asOf')) ? [] : ['    asOf: to be supplied']),
  ]
    .map((line) => `${line}\n`)
    .join('');
/** Two money parts (one a range) and two counts (one a range) for the totals to sum. */
const PARTS = [
  entry('parts.a', 'Part A', 'usd: { low: 400000, high: 600000 }'),
  entry('parts.b', 'Part B', 'usd: 600000'),
  entry('units.x', 'Units X', 'count: 3'),
  entry('units.y', 'Units Y', 'count: { low: 4, high: 5 }'),
].join('');
const ledgerText = (...entries: string[]) => `staleAfterMonths: 18\nfigures:\n${PARTS}${entries.join('')}`;
/** The ledger's issues on its own; no slide shows its figures, so those warnings are left out. */
const ledgerIssues = (text: string) => {
  const parsed = parseLedger(LEDGER, text);
  expect(parsed.issues.map(formatIssue)).toEqual([]);
  return checkFigures({ ledger: parsed.ledger!, slides: [], today: TODAY })
    .filter((issue) => !issue.message.startsWith('no page shows'))
    .map(formatIssue);
};

describe('stated totals (sumOf) and counts in the ledger', () => {
  it('a single total in its own area: not part of its sum; only the end its parts miss is warned about, in dollars, with no end in the field', () => {
    const text = ledgerText(entry('parts.total', 'Total', 'usd: 1000000', 'sumOf: [parts.*]'));
    expect(ledgerIssues(text)).toEqual([
      `${placeOf(LEDGER, '1000000', 'parts.total:', text)} parts.total.usd: warning: the stated total's high end is $1M, but the figures it sums (parts.*) add up to $1.2M ($1M-$1.2M); the slides show the stated $1M`,
    ]);
  });

  it('a ranged total: each end it misses at that end, the end in the field; a total its parts make up has no warning', () => {
    const text = ledgerText(
      entry('sums.off', 'Off', 'usd: { low: 900000, high: 1300000 }', 'sumOf: [parts.a, parts.b]'),
      entry('sums.exact', 'Exact', 'usd: { low: 1000000, high: 1200000 }', 'sumOf: [parts.a, parts.b]'),
    );
    const stated = 'the slides show the stated $900K-$1.3M';
    expect(ledgerIssues(text)).toEqual([
      `${placeOf(LEDGER, '900000', 'sums.off:', text)} sums.off.usd.low: warning: the stated total's low end is $900K, but the figures it sums (parts.a, parts.b) add up to $1M ($1M-$1.2M); ${stated}`,
      `${placeOf(LEDGER, '1300000', 'sums.off:', text)} sums.off.usd.high: warning: the stated total's high end is $1.3M, but the figures it sums (parts.a, parts.b) add up to $1.2M ($1M-$1.2M); ${stated}`,
    ]);
  });

  it('a total of counts is written as plain numbers, not dollars', () => {
    const text = ledgerText(entry('units.total', 'Units', 'count: 10', 'sumOf: [units.x, units.y]'));
    const at = placeOf(LEDGER, '10', 'units.total:', text);
    expect(ledgerIssues(text)).toEqual([
      `${at} units.total.count: warning: the stated total's low end is 10, but the figures it sums (units.x, units.y) add up to 7 (7-8); the slides show the stated 10`,
      `${at} units.total.count: warning: the stated total's high end is 10, but the figures it sums (units.x, units.y) add up to 8 (7-8); the slides show the stated 10`,
    ]);
  });

  it('a total of money that sums counts is an error naming them, and no sum is compared', () => {
    const text = ledgerText(entry('mixed.total', 'Mixed', 'usd: 1000000', 'sumOf: [parts.a, units.*]'));
    expect(ledgerIssues(text)).toEqual([
      `${placeOf(LEDGER, '[parts.a, units.*]', 'mixed.total:', text)} mixed.total.sumOf: sums figures of another kind than usd: units.x, units.y`,
    ]);
  });

  it('a sumOf or countOf naming no figure is an error for each name, and nothing is summed or counted', () => {
    const text = ledgerText(
      entry('parts.total', 'Total', 'usd: 5', 'sumOf: [parts.a, parts.bb, nothing.*]'),
      entry('units.count', 'Count', 'count: 5', 'countOf: [units.z]'),
    );
    const sumOf = placeOf(LEDGER, '[parts.a, parts.bb', 'parts.total:', text);
    expect(ledgerIssues(text)).toEqual([
      `${sumOf} parts.total.sumOf: parts.bb names no figure of the ledger (did you mean parts.b?)`,
      `${sumOf} parts.total.sumOf: nothing.* names no figure of the ledger`,
      `${placeOf(LEDGER, '[units.z]', 'units.count:', text)} units.count.countOf: units.z names no figure of the ledger (did you mean units.x?)`,
    ]);
  });
});

describe('as-of dates', () => {
  it('count whole months: a day later in the month than today is not a month yet; a month without a day counts from the 1st', () => {
    expect(monthsBetween('2024-07-15', '2026-01-15')).toBe(18);
    expect(monthsBetween('2024-07-14', '2026-01-15')).toBe(18);
    expect(monthsBetween('2024-07-16', '2026-01-15')).toBe(17);
    expect(monthsBetween('2024-07', '2026-01-01')).toBe(18);
    expect(monthsBetween('2025-12-31', '2026-01-01')).toBe(0);
  });

  it('warn only past staleAfterMonths: exactly 18 months is recent enough, 19 is not', () => {
    const text = ledgerText(
      entry('dates.exactly', 'Exactly', 'count: 1', "asOf: '2024-07-15'"),
      entry('dates.notYet', 'Not yet', 'count: 2', "asOf: '2024-06-16'"),
      entry('dates.older', 'Older', 'count: 3', "asOf: '2024-06-15'"),
    );
    expect(ledgerIssues(text)).toEqual([
      `${placeOf(LEDGER, "'2024-06-15'", 'dates.older:', text)} dates.older.asOf: warning: 2024-06-15 is 19 months before today (${TODAY}), older than staleAfterMonths (18): check the figure, then update its value, source and asOf`,
    ]);
  });
});

describe('figures in slide bodies and brand sentences', () => {
  it('<Figure> without id= is an error at the element, naming the ledger', () => {
    const deck = editSlide('slides/market.mdx', (text) => text.replace('<Stats group="market" />', '<Stats group="market" />\n\nThe market: <Figure />.'));
    const body = deck.slides.find((slide) => slide.file === 'slides/market.mdx')!.text;
    expect(issues(deck, 'error')).toEqual([
      `${placeOf('slides/market.mdx', '<Figure />', undefined, body)} <Figure>: needs id="…", the id of a figure in slides/figures.yaml (such as market.homeEquity)`,
    ]);
  });

  it('{name} in a body: a deck setting is left to the settings check, an unknown name names nothing, a last part names the figure whose id ends in it', () => {
    const deck = {
      ...editSlide('slides/market.mdx', (text) => `${text}\nFrom {host}: {nonsense} and {deepName}.\n`),
      // An id of three parts, so that the match is on its last part and not its second.
      figures: {
        ...sources.figures,
        text: sources.figures.text.replace(
          'figures:\n',
          'figures:\n  market.deep.deepName:\n    label: Deep\n    count: 7\n    source: to be supplied\n    asOf: to be supplied\n',
        ),
      },
    };
    const body = deck.slides.find((slide) => slide.file === 'slides/market.mdx')!.text;
    expect(issues(deck, 'error')).toEqual([
      // The settings check's one message: the figure check leaves a setting's name to it, so it is not said twice.
      `${placeOf('slides/market.mdx', '{host}', undefined, body)} {host} in a slide body is code in MDX: write <Setting name="host" /> instead`,
      `${placeOf('slides/market.mdx', '{nonsense}', undefined, body)} {nonsense} in a slide body is code in MDX and names nothing: write <Figure id="…" /> for a figure of slides/figures.yaml, <Setting name="…" /> for a deck setting`,
      `${placeOf('slides/market.mdx', '{deepName}', undefined, body)} {deepName} in a slide body is code in MDX: write <Figure id="market.deep.deepName" /> instead`,
    ]);
  });

  it("a ledger figure typed in a brand's sentence is found at its place in brands.yaml", () => {
    const brands = { ...sources.brands, text: sources.brands.text.replace('technology and fulfillment.', 'technology and fulfillment in a $13.95T market.') };
    expect(issues({ ...sources, brands }, 'error')).toEqual([
      `${placeOf('slides/brands.yaml', '$13.95T', undefined, brands.text)} brands[hub].description: $13.95T repeats figure market.homeEquity (Home equity): write {market.homeEquity} instead`,
    ]);
  });
});
