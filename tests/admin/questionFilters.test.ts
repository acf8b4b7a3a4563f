import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../../schemas/questionPaths.ts';
import { askedPages, askers, filteredQuestions, unanswered } from '../../src/admin/questions/questionFilters.ts';

const q = (id: string, by: string, path: string, status: 'open' | 'answered', at: string): QuestionRecord => ({
  id,
  created_by_id: by,
  created_by: `${by}@x.test`,
  full_name: by === 'ann' ? 'Ann' : null,
  path,
  question: id,
  status,
  created_date: `2026-12-0${at}T00:00:00.000Z`,
});
const ALL = [
  q('a1', 'ann', '/market', 'answered', '4'),
  q('a2', 'ann', '/problem', 'open', '1'),
  q('b1', 'bo', '/market', 'open', '3'),
  q('b2', 'bo', '/gone', 'open', '5'),
];
const SLIDES = [
  { path: '/problem', label: 'Problem' },
  { path: '/market', label: 'Market' },
];

describe("the console's questions", () => {
  it('come unanswered first, newest first within each, filtered by partner and page', () => {
    expect(filteredQuestions(ALL, { asker: '', path: '' }).map((one) => one.id)).toEqual(['b2', 'b1', 'a2', 'a1']);
    expect(filteredQuestions(ALL, { asker: 'ann', path: '' }).map((one) => one.id)).toEqual(['a2', 'a1']);
    expect(filteredQuestions(ALL, { asker: '', path: '/market' }).map((one) => one.id)).toEqual(['b1', 'a1']);
    expect(filteredQuestions(ALL, { asker: 'bo', path: '/problem' })).toEqual([]);
  });

  it('name each partner once with their unanswered count, and the pages in deck order, a page no longer in the deck last', () => {
    expect(askers(ALL)).toEqual([
      { id: 'ann', name: 'Ann <ann@x.test>', open: 1 },
      { id: 'bo', name: 'bo@x.test', open: 2 },
    ]);
    expect(askedPages(ALL, SLIDES)).toEqual([
      { path: '/problem', label: 'Problem', open: 1 },
      { path: '/market', label: 'Market', open: 1 },
      { path: '/gone', label: '/gone', open: 1 },
    ]);
    expect(unanswered(ALL)).toBe(3);
    expect(unanswered(null)).toBe(0);
  });
});
