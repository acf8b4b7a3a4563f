import { describe, expect, it } from 'vitest';
import { builtPages, pageRedirect } from '../../src/platform/http/pageRedirect.ts';
import { fakeDeck } from './harness.ts';

// The platform knows the routes from the built files only (it may not import the registry).
describe('page routes of the built deck', () => {
  const deck = fakeDeck({
    'index.html': '',
    'executivesummary.html': '',
    'market.html': '',
    '404.html': '',
    '_gate.html': '',
    'login.html': '',
    'favicon.svg': '',
    'assets/app.js': '',
  });
  const pages = builtPages(deck.dir);

  it('are the .html files but the 404, gate and sign-in pages, index.html being the main page at /', () => {
    expect(pages.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: '/', name: 'Cover' },
      { path: '/executivesummary', name: 'executivesummary' },
      { path: '/market', name: 'market' },
    ]);
    deck.remove();
    expect(builtPages(deck.dir)).toEqual([]);
  });

  it('send other spellings to the one spelling, with the query, and leave everything else alone', () => {
    expect(pageRedirect('/executive-summary', '', pages)).toBe('/executivesummary');
    expect(pageRedirect('/Executive-Summary', '?a=1', pages)).toBe('/executivesummary?a=1');
    expect(pageRedirect('/executivesummary/', '', pages)).toBe('/executivesummary');
    expect(pageRedirect('/MARKET', '', pages)).toBe('/market');
    expect(pageRedirect('/Cover', '', pages)).toBe('/');
    for (const path of [
      '/executivesummary',
      '/',
      '/nothing',
      '/404',
      '/_gate',
      '/login',
      '/executive%20summary',
      '/a/market',
      '/market//',
      '/.market',
      '/favicon',
    ]) {
      expect(pageRedirect(path, '', pages), path).toBeNull();
    }
  });
});
