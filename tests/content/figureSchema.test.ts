import { describe, expect, it } from 'vitest';
import { FigureEntry, FigureId, FiguresFile, SAMPLE_SOURCE } from '../../schemas/figure.ts';
import { assembleDeck, type DeckSources } from '../../src/content/assembleDeck.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { realDeckSources } from '../fixtures/deckFixture.ts';

// One entry of slides/figures.yaml as the schema reads it: each mistake an editor can make in it
// is refused with the words the content check prints beside the field.

const ENTRY = { label: 'Home equity', usd: 13950000000000, source: 'A survey', asOf: '2025-06-30' };
/** The kinds of the schema's issues for `entry` (a check of ours is `custom`, as zod's own are typed). */
const codes = (entry: unknown) => FigureEntry.safeParse(entry).error?.issues.map((issue) => issue.code) ?? [];
/** The schema's messages for `entry`, as `path: message`. */
const problems = (entry: unknown) => {
  const result = FigureEntry.safeParse(entry);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const DATE_WORDS = `must be a date such as 2025-06-30 or 2025-06, or "${SAMPLE_SOURCE}"`;

describe('a figure’s as-of date', () => {
  it('is a day or a month that exists, or the sample value', () => {
    for (const asOf of ['2025-06-30', '2025-06', '2025-01-01', '2025-12-31', '2024-02-29', '2025-10', '2025-09-19', SAMPLE_SOURCE]) {
      expect(problems({ ...ENTRY, asOf }), asOf).toEqual([]);
    }
  });

  it('refuses a month or a day that does not exist, so the deck never prints one', () => {
    for (const asOf of ['2025-13', '2025-00', '2025-00-10', '2025-13-01', '2025-19-01', '2025-06-00', '2025-06-32', '2025-06-40']) {
      expect(problems({ ...ENTRY, asOf }), `asOf ${asOf} is not a date, and the check must say so`).toEqual([`asOf: ${DATE_WORDS}`]);
    }
    for (const asOf of ['2025-02-29', '2025-02-30', '2025-04-31', '2100-02-29']) {
      expect(problems({ ...ENTRY, asOf }), `asOf ${asOf} is not a day of the calendar, and the check must say so`).toEqual([
        `asOf: ${asOf} is not a day of the calendar: write the day the source gives, or only its month (2025-06)`,
      ]);
    }
  });

  it('is written whole: no other spelling, no time, nothing around it', () => {
    for (const asOf of [
      '25-06',
      '2025-6',
      '2025-06-3',
      '2025/06/30',
      ' 2025-06',
      '2025-06-30T00:00',
      'June 2025',
      'x2025-06',
      '2025-06x',
      'to be supplied later',
      '',
    ]) {
      expect(problems({ ...ENTRY, asOf }), JSON.stringify(asOf)).toEqual([`asOf: ${DATE_WORDS}`]);
    }
    expect(problems({ ...ENTRY, asOf: 202506 })).toEqual([`asOf: ${DATE_WORDS}`]);
  });

  it('is reported by the content check at its line in the ledger, naming the figure', () => {
    const sources = realDeckSources();
    const text = sources.figures.text.replace(/(market\.homeEquity:\n(?: {4}.*\n)*? {4}asOf: )to be supplied/, "$1'2025-02-30'");
    expect(text).not.toBe(sources.figures.text);
    const deck: DeckSources = { ...sources, figures: { ...sources.figures, text } };
    const line = text.split('\n').findIndex((entry) => entry.includes("'2025-02-30'")) + 1;
    expect(
      assembleDeck(deck)
        .issues.filter((issue) => issue.severity === 'error')
        .map(formatIssue),
    ).toEqual([
      `slides/figures.yaml:${line}:11 market.homeEquity.asOf: 2025-02-30 is not a day of the calendar: write the day the source gives, or only its month (2025-06)`,
    ]);
  });
});

describe('a figure’s entry', () => {
  it('has exactly one value, of one kind', () => {
    expect(problems({ label: 'x', source: 's', asOf: '2025-06' })).toEqual([
      ': needs exactly one value, one of usd, count, percent, days, hours, minutes, years, times, degrees (has none)',
    ]);
    expect(problems({ ...ENTRY, count: 5 })).toEqual([
      ': needs exactly one value, one of usd, count, percent, days, hours, minutes, years, times, degrees (has usd, count)',
    ]);
    expect(codes({ ...ENTRY, count: 5 })).toEqual(['custom']);
    expect(problems({ ...ENTRY, usd: undefined, percent: 3 })).toEqual([]);
  });

  it('takes a range whose low end is not above its high end', () => {
    expect(problems({ ...ENTRY, usd: { low: 27_000_000, high: 30_000_000 } })).toEqual([]);
    expect(problems({ ...ENTRY, usd: { low: 5, high: 5 } })).toEqual([]);
    expect(problems({ ...ENTRY, usd: { low: 31_000_000, high: 30_000_000 } })).toEqual(['usd.low: low (31000000) is above high (30000000)']);
    expect(codes({ ...ENTRY, usd: { low: 31_000_000, high: 30_000_000 } })).toEqual(['custom']);
    expect(problems({ ...ENTRY, usd: { low: 1, high: 2, mid: 1.5 } })).toHaveLength(1);
    expect(problems({ ...ENTRY, usd: 'a lot' })).toEqual(['usd: must be a number, or a range such as { low: 27000000, high: 30000000 }']);
    expect(problems({ ...ENTRY, usd: Number.POSITIVE_INFINITY })).toHaveLength(1);
  });

  it('names a known qualifier, the compound form or none, a source and a label, and nothing unknown', () => {
    expect(problems({ ...ENTRY, qualifier: 'under', form: 'compound', exact: true, notes: 'A note.' })).toEqual([]);
    expect(problems({ ...ENTRY, qualifier: 'about' })).toEqual(['qualifier: must be one of plus, under, up to, increase']);
    expect(problems({ ...ENTRY, form: 'short' })).toEqual(['form: must be compound (30-minute) or left out (30 minutes)']);
    expect(problems({ ...ENTRY, source: '  ' })).toEqual(['source: must not be empty']);
    expect(problems({ ...ENTRY, label: undefined })).toEqual(['label: must be text']);
    expect(problems({ ...ENTRY, colour: 'red' })).toHaveLength(1);
  });

  it('states a total or a count of figures by id or by area', () => {
    expect(problems({ ...ENTRY, sumOf: ['hub.valuation', 'valuation.*'], countOf: ['brands.*'] })).toEqual([]);
    expect(problems({ ...ENTRY, sumOf: [] })).toHaveLength(1);
    expect(problems({ ...ENTRY, sumOf: ['Valuation.*'] })).toEqual(['sumOf.0: must be a figure id or an area such as valuation.*']);
    expect(problems({ ...ENTRY, countOf: ['valuation.*.x'] })).toEqual(['countOf.0: must be a figure id or an area such as valuation.*']);
  });
});

describe('the ledger file', () => {
  it('names each figure by an area and a name', () => {
    for (const id of ['market.homeEquity', 'a.b', 'hub.valuation2', 'a.b.c']) expect(FigureId.safeParse(id).success, id).toBe(true);
    for (const id of ['market', 'Market.homeEquity', 'market.HomeEquity', 'market.', '.x', 'market.home-equity', 'market.homeEquity ', '1a.b']) {
      expect(FigureId.safeParse(id).success, id).toBe(false);
    }
  });

  it('takes a whole number of months for staleness, 1 or more, and only its two keys', () => {
    expect(FiguresFile.safeParse({ staleAfterMonths: 12, figures: { 'a.b': ENTRY } }).success).toBe(true);
    expect(FiguresFile.safeParse({ figures: {} }).success).toBe(true);
    const messages = (file: unknown) => (FiguresFile.safeParse(file).error?.issues ?? []).map((issue) => issue.message);
    expect(messages({ staleAfterMonths: 0, figures: {} })).toEqual(['must be 1 or more']);
    expect(messages({ staleAfterMonths: 1.5, figures: {} })).toHaveLength(1);
    expect(messages({ staleAfterMonths: 'soon', figures: {} })).toEqual(['must be a number of months']);
    expect(messages({ figures: { Bad: ENTRY } })).toHaveLength(1);
    expect(messages({ figures: {}, extra: 1 })).toHaveLength(1);
  });
});
