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
