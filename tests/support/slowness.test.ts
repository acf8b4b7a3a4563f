import { describe, expect, it } from 'vitest';
import { scaled, slowness } from './slowness.ts';

describe("the tests' deadlines on a busy machine", () => {
  it('keep their quiet value up to 1.5 runnable processes per core, never shrinking below it', () => {
    expect(slowness(0, 2)).toBe(1);
    expect(slowness(3, 2)).toBe(1);
    expect(scaled(3000)).toBeGreaterThanOrEqual(3000);
  });

  it('grow with the load beyond that, up to 20 times', () => {
    expect(slowness(6, 2)).toBe(2);
    expect(slowness(30, 2)).toBe(10);
    expect(slowness(30, 4)).toBe(5);
    expect(slowness(500, 2)).toBe(20);
  });
});
