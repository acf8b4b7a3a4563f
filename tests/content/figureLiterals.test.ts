import { describe, expect, it } from 'vitest';
import { findFigureLiterals, normalizeValue, statesFigure, type NormalizedFigure } from '../../src/content/figureLiterals.ts';
import type { FigureValue } from '../../schemas/formatFigure.ts';

/** What each figure a text states reduces to: `unit low-high qualifier`. */
const read = (text: string) =>
  findFigureLiterals(text).map(
    ({ text: written, figure }) =>
      `${written} = ${figure.unit} ${figure.low}${figure.high === figure.low ? '' : `-${figure.high}`}${figure.qualifier ? ` ${figure.qualifier}` : ''}`,
  );
const one = (text: string): NormalizedFigure => {
  const [literal, ...rest] = findFigureLiterals(text);
  expect(rest).toEqual([]);
  return literal!.figure;
};
const ledger = (value: Omit<FigureValue, 'high'> & { high?: number }) => normalizeValue({ ...value, high: value.high ?? value.low } as FigureValue);

describe('normalizing the figures a text states', () => {
  it('money: $13.95T, 13.95 trillion and 13,950,000,000,000 are one amount', () => {
    expect(read('$13.95T')).toEqual(['$13.95T = usd 13950000000000']);
    expect(read('13.95 trillion')).toEqual(['13.95 trillion = count 13950000000000']);
    expect(read('13,950,000,000,000')).toEqual(['13,950,000,000,000 = count 13950000000000']);
    const homeEquity = ledger({ kind: 'usd', low: 13.95e12 });
    for (const text of ['$13.95T', '13.95 trillion', '13,950,000,000,000', '$13.95 trillion', '$13,950,000,000,000']) {
      expect(statesFigure(one(text), homeEquity), text).toBe(true);
    }
    expect(statesFigure(one('$13.96T'), homeEquity)).toBe(false);
    expect(read('$1,209,750. $427K and $20K+')).toEqual(['$1,209,750 = usd 1209750', '$427K = usd 427000', '$20K+ = usd 20000 plus']);
  });

  it('ranges: hyphen, en dash, em dash and "to", a suffix on the high end scales both', () => {
    expect(read('45-60 days, 45–60 days, 45—60 days, 45 to 60 days')).toEqual([
      '45-60 days = day 45-60',
      '45–60 days = day 45-60',
      '45—60 days = day 45-60',
      '45 to 60 days = day 45-60',
    ]);
    expect(read('27-30M households')).toEqual(['27-30M = count 27000000-30000000']);
    expect(read('$1.25M-$1.5M and $2K-$6K')).toEqual(['$1.25M-$1.5M = usd 1250000-1500000', '$2K-$6K = usd 2000-6000']);
    expect(statesFigure(one('45–60 days'), ledger({ kind: 'days', low: 45, high: 60 }))).toBe(true);
  });

  it('percents and their qualifiers: under, over, plus, a leading + for an increase', () => {
    expect(read('Under 3%, under 5% penetrated, below 1%')).toEqual(['Under 3% = percent 3 under', 'under 5% = percent 5 under', 'below 1% = percent 1 under']);
    expect(read('40%+ and over 70% and +27% and 99.9% and 40-60%')).toEqual([
      '40%+ = percent 40 plus',
      'over 70% = percent 70 plus',
      '+27% = percent 27 increase',
      '99.9% = percent 99.9',
      '40-60% = percent 40-60',
    ]);
    const under3 = ledger({ kind: 'percent', low: 3, qualifier: 'under' });
    expect(statesFigure(one('under 3%'), under3)).toBe(true);
    expect(statesFigure(one('3%'), under3)).toBe(false);
  });

  it('durations, written as nouns or compound adjectives', () => {
    expect(read('a 30-minute call, 48-hour turns, 100+ hours, 30+ years, 21 days, 2 hrs')).toEqual([
      '30-minute = minute 30',
      '48-hour = hour 48',
      '100+ hours = hour 100 plus',
      '30+ years = year 30 plus',
      '21 days = day 21',
      '2 hrs = hour 2',
    ]);
    expect(statesFigure(one('30 minutes'), ledger({ kind: 'minutes', low: 30, form: 'compound' }))).toBe(true);
    expect(statesFigure(one('45-60+ days'), ledger({ kind: 'days', low: 45, high: 60 }))).toBe(false);
  });

  it('counts, multiples, degrees and the words ten, Five', () => {
    expect(read('10,000 a day, aged 62+, 3x faster, 360°, ten brands, Five steps')).toEqual([
      '10,000 = count 10000',
      '62+ = count 62 plus',
      '3x = times 3',
      '360° = degree 360',
      'ten = count 10',
      'Five = count 5',
    ]);
    expect(statesFigure(one('ten'), ledger({ kind: 'count', low: 10 }))).toBe(true);
  });

  it('"about" and "up to" leave the amount as it is', () => {
    expect(read('about 10,000 people; available up to $4M')).toEqual(['10,000 = count 10000', '$4M = usd 4000000']);
    expect(statesFigure(one('up to $4M'), ledger({ kind: 'usd', low: 4e6, qualifier: 'up to' }))).toBe(true);
  });

  it('codes, fractions, versions and numbers inside words are not figures', () => {
    expect(read('KG-001, Q1, 24/7, v1.2.3, COVID19, 5b, 3m')).toEqual([]);
  });

  it('a bare number matches money only when large or scaled; never a percent or a duration', () => {
    expect(statesFigure(one('4,000,000'), ledger({ kind: 'usd', low: 4e6 }))).toBe(true);
    expect(statesFigure(one('5000'), ledger({ kind: 'usd', low: 5000 }))).toBe(false);
    expect(statesFigure(one('96'), ledger({ kind: 'percent', low: 96 }))).toBe(false);
    expect(statesFigure(one('four'), ledger({ kind: 'hours', low: 4, form: 'compound' }))).toBe(false);
  });
});
