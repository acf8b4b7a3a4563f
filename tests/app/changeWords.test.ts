import { describe, expect, it } from 'vitest';
import { changeCount, visitDay } from '../../src/app/versions/changeWords.ts';

const figure = (id: string, pages: string[]) => ({ id, label: id, was: '1', now: '2', pages: pages.map((path) => ({ path, name: path })) });

describe('the update notice words', () => {
  it('counts figures and the distinct pages that show them', () => {
    expect(changeCount([figure('a', ['/', '/market']), figure('b', ['/market']), figure('c', ['/'])])).toBe('3 figures on 2 pages');
    expect(changeCount([figure('a', ['/market'])])).toBe('1 figure on 1 page');
  });

  it('names the day of the last visit, with the year only when it is not this one', () => {
    const now = new Date(2026, 10, 20);
    expect(visitDay(new Date(2026, 10, 12, 15).toISOString(), now)).toBe('12 November');
    expect(visitDay(new Date(2025, 10, 12, 15).toISOString(), now)).toBe('12 November 2025');
  });
});
