import { describe, expect, it } from 'vitest';
import { formatUsd, formatUsdRange } from '../../schemas/formatUsd.ts';

describe('formatUsd', () => {
  it.each([
    [500_000, '$500K'],
    [1_250_000, '$1.25M'],
    [1_500_000, '$1.5M'],
    [2_000_000, '$2M'],
    [75_000, '$75K'],
    [427_000, '$427K'],
    [13.95e12, '$13.95T'],
    [11.58e12, '$11.58T'],
    [950, '$950'],
  ])('writes %d as %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });

  it.each([
    [1e3, '$1K'],
    [1e6, '$1M'],
    [1e9, '$1B'],
    [1e12, '$1T'],
    [999, '$999'],
    [999_000, '$999K'],
    [999e6, '$999M'],
    [999e9, '$999B'],
    [1e15, '$1000T'],
  ])('writes exactly %d as %s, never as a thousand of the unit below', (amount, text) => {
    expect(formatUsd(amount), `${amount} is printed in the wrong unit: the unit boundary is off (schemas/formatUsd.ts)`).toBe(text);
  });

  it.each([
    [999.999, '$1K'],
    [999_999, '$1M'],
    [999_999_999, '$1B'],
    [999_999_999_999, '$1T'],
  ])('rounds %d up into the next unit (%s), never to a thousand of the one below', (amount, text) => {
    expect(formatUsd(amount), `${amount} rounds to a thousand of the unit below (schemas/formatUsd.ts)`).toBe(text);
  });

  it('writes every dollar when asked', () => {
    expect(formatUsd(1_209_750, { exact: true })).toBe('$1,209,750');
  });

  it('keeps two decimals without float noise', () => {
    expect(formatUsd(1_249_999.999)).toBe('$1.25M');
    expect(formatUsd(7.1e6)).toBe('$7.1M');
  });

  it('joins a range with a plain hyphen, as the spec writes it', () => {
    expect(formatUsdRange({ low: 7.1e6, high: 9.4e6 })).toBe('$7.1M-$9.4M');
    expect(formatUsdRange({ low: 2000, high: 6000 })).toBe('$2K-$6K');
  });
});
