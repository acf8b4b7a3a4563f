import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../scripts/bench/stats.ts';

describe('median and percentile', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('interpolates between closest ranks', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 95)).toBe(10.5);
    expect(percentile([10, 20], 0)).toBe(10);
    expect(percentile([10, 20], 100)).toBe(20);
  });
  it('ignores non-finite values and gives NaN for none', () => {
    expect(median([Number.NaN, 2, 4])).toBe(3);
    expect(median([])).toBeNaN();
  });
});
