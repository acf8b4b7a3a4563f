import { describe, expect, it } from 'vitest';
import { formatFigure, standaloneText, type FigureValue } from '../../schemas/formatFigure.ts';

const text = (value: Omit<FigureValue, 'high'> & { high?: number }) => formatFigure({ ...value, high: value.high ?? value.low } as FigureValue);

describe('the one figure formatter writes figures as the spec does', () => {
  it.each([
    [{ kind: 'usd', low: 13.95e12 }, '$13.95T'],
    [{ kind: 'usd', low: 1209750, exact: true }, '$1,209,750'],
    [{ kind: 'usd', low: 427000 }, '$427K'],
    [{ kind: 'usd', low: 1.25e6, high: 1.5e6 }, '$1.25M-$1.5M'],
    [{ kind: 'usd', low: 20000, qualifier: 'plus' }, '$20K+'],
    [{ kind: 'usd', low: 4e6, qualifier: 'up to' }, 'up to $4M'],
    [{ kind: 'count', low: 27e6, high: 30e6 }, '27-30M'],
    [{ kind: 'count', low: 30e6, qualifier: 'plus' }, '30M+'],
    [{ kind: 'count', low: 10000 }, '10,000'],
    [{ kind: 'count', low: 75, high: 85 }, '75-85'],
    [{ kind: 'count', low: 62, qualifier: 'plus' }, '62+'],
    [{ kind: 'percent', low: 3, qualifier: 'under' }, 'under 3%'],
    [{ kind: 'percent', low: 40, qualifier: 'plus' }, '40%+'],
    [{ kind: 'percent', low: 27, qualifier: 'increase' }, '+27%'],
    [{ kind: 'percent', low: 99.9 }, '99.9%'],
    [{ kind: 'percent', low: 40, high: 60 }, '40-60%'],
    [{ kind: 'days', low: 45, high: 60, qualifier: 'plus' }, '45-60+ days'],
    [{ kind: 'days', low: 21, high: 28 }, '21-28 days'],
    [{ kind: 'minutes', low: 30, form: 'compound' }, '30-minute'],
    [{ kind: 'hours', low: 1, form: 'compound' }, '1-hour'],
    [{ kind: 'hours', low: 100, qualifier: 'plus' }, '100+ hours'],
    [{ kind: 'years', low: 30, qualifier: 'plus' }, '30+ years'],
    [{ kind: 'days', low: 1 }, '1 day'],
    [{ kind: 'times', low: 3 }, '3x'],
    [{ kind: 'degrees', low: 360 }, '360°'],
    // Found by `npm run mutate`: unit boundaries, plurals of a range from 1, fractions.
    [{ kind: 'days', low: 1, high: 2 }, '1-2 days'],
    [{ kind: 'days', low: 1, qualifier: 'plus' }, '1+ days'],
    [{ kind: 'days', low: 5 }, '5 days'],
    [{ kind: 'count', low: 1e6 }, '1M'],
    [{ kind: 'count', low: 1e9 }, '1B'],
    [{ kind: 'count', low: 500_000, high: 2e6 }, '500,000-2,000,000'],
    [{ kind: 'count', low: 1234.567 }, '1,234.57'],
  ] as const)('%j → %s', (value, expected) => {
    expect(text(value as FigureValue)).toBe(expected);
  });

  it('capitalizes a figure standing alone', () => {
    expect(standaloneText('under 3%')).toBe('Under 3%');
    expect(standaloneText('$13.95T')).toBe('$13.95T');
  });
});
