import { describe, expect, it } from 'vitest';
import { ReportRate } from '../../src/platform/http/reportRate.ts';

// The CSP report endpoint's limit, on a clock the test moves.
describe('ReportRate', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, move: (ms: number) => (now += ms) };
  };

  it('grants each address its share of a window, says once when one is refused, and starts again with the next window', () => {
    const time = clock();
    const rate = new ReportRate(3, 100, 60_000, time.now);
    expect([1, 2, 3].map(() => rate.take('a').granted)).toEqual([true, true, true]);
    time.move(15_000);
    expect(rate.take('a')).toEqual({ granted: false, retryAfterSeconds: 45, firstRefusal: 'address' });
    expect(rate.take('a')).toEqual({ granted: false, retryAfterSeconds: 45 });
    expect(rate.take('b').granted).toBe(true);
    time.move(45_000);
    expect(rate.take('a')).toEqual({ granted: true, retryAfterSeconds: 60 });
  });

  it('caps all addresses together, says so once, and never counts more than the cap', () => {
    const time = clock();
    const rate = new ReportRate(3, 5, 60_000, time.now);
    const granted = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((address) => rate.take(address));
    expect(granted.map((grant) => grant.granted)).toEqual([true, true, true, true, true, false, false]);
    expect(granted[5]!.firstRefusal).toBe('overall');
    expect(granted[6]!.firstRefusal).toBeUndefined();
    time.move(59_999);
    expect(rate.take('h')).toEqual({ granted: false, retryAfterSeconds: 1 });
    time.move(1);
    expect(rate.take('h').granted).toBe(true);
  });
});
