import { describe, expect, it } from 'vitest';
import { deckFilePath, targetPath } from '../../src/platform/http/deckFilePath.ts';
import { fileAudience } from '../../src/platform/http/publicDeckFiles.ts';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';

describe('deckFilePath', () => {
  it('names the file of each canonical path', () => {
    expect(deckFilePath('/')).toBe('index.html');
    expect(deckFilePath('/market')).toBe('market.html');
    expect(deckFilePath('/market/')).toBe('market.html');
    expect(deckFilePath('/login')).toBe('login.html');
    expect(deckFilePath('/assets/content/Market-x1.js')).toBe('assets/content/Market-x1.js');
    expect(deckFilePath('/assets/%63ontent/a.js')).toBe('assets/content/a.js');
  });

  it('refuses every other spelling', () => {
    for (const path of [
      '//a.js',
      '/a//b.js',
      '/a/../b.js',
      '/./b.js',
      '/a/%2e%2e/b.js',
      '/a%2fb.js',
      '/a%2Fb.js',
      '/a%5cb.js',
      '/a\\b.js',
      '/a.js/',
      '/a.js%00',
      '/a.js.',
      '/a.js ',
      '/%zz',
      'a.js',
      '/..',
      '/.',
    ]) {
      expect(deckFilePath(path), path).toBeNull();
    }
  });

  it('takes the path from an origin-form or absolute-form target, without the query', () => {
    expect(targetPath('/a/b?x=1')).toBe('/a/b');
    expect(targetPath('http://127.0.0.1:3000//a?x')).toBe('//a');
    expect(targetPath('https://h')).toBe('');
    // Only a scheme at the very start is an absolute form; one further in is part of the path.
    expect(targetPath('/go/http://elsewhere/x')).toBe('/go/http://elsewhere/x');
  });

  it('takes one trailing slash off a folder-like path at any depth', () => {
    expect(deckFilePath('/a/b/')).toBe('a/b.html');
    expect(deckFilePath('/a/b/c/')).toBe('a/b/c.html');
  });
});

describe('fileAudience', () => {
  it('opens only the listed files and the hashed build assets outside the content folder', () => {
    expect(fileAudience('_gate.html')).toBe('anyone');
    expect(fileAudience('login.html')).toBe('anyone');
    expect(fileAudience('favicon.svg')).toBe('anyone');
    expect(fileAudience('assets/main-B9zU_owR.js')).toBe('anyone-cacheable');
    expect(fileAudience('assets/main-DDD_5D9f.css')).toBe('anyone-cacheable');
    for (const name of [
      'index.html',
      'market.html',
      'assets/content/Market-x.js',
      'ASSETS/content/Market-x.js',
      'assets/CONTENT/Market-x.js',
      'logo.svg',
      'notes.json',
      'assets/x.html',
    ]) {
      expect(fileAudience(name), name).toBe('admitted');
    }
  });

  it('gives the exported PDF out only stamped, and no other PDF at all, whatever its case', () => {
    expect(fileAudience(DECK_PDF_FILE)).toBe('stamped');
    for (const name of [DECK_PDF_FILE.toUpperCase(), 'Deck.Pdf', 'other.pdf', 'assets/content/x.pdf', 'assets/x.pdf']) {
      expect(fileAudience(name), name).toBe('nobody');
    }
  });
});
