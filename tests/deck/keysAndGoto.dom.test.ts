import { describe, expect, it } from 'vitest';
import { ZOOM_STORAGE_KEY } from '../../schemas/presentingPaths.ts';
import { gotoMatches } from '../../src/deck/gotoMatch.ts';
import { actionForKey, keyName } from '../../src/deck/keymap.ts';
import { keyLabel } from '../../src/deck/keyHelp.ts';
import { spaceMove } from '../../src/deck/pageScroll.ts';
import { readStoredZoom, storeZoom } from '../../src/deck/zoom.ts';

const press = (key: string, mods: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) =>
  actionForKey({ key, target, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });

describe('the presenting keys', () => {
  it('Space and Shift+Space page, O G ? F open and present, Esc leaves, with or without Shift on letters', () => {
    expect(press(' ')).toBe('page-down');
    expect(press(' ', { shiftKey: true })).toBe('page-up');
    expect([press('o'), press('O', { shiftKey: true }), press('g'), press('?', { shiftKey: true }), press('f'), press('Escape')]).toEqual([
      'overview',
      'overview',
      'goto',
      'help',
      'present',
      'leave-present',
    ]);
  });

  it('stays out of the way: modifiers, shifted arrows, typing, Space on a button', () => {
    expect(press('o', { ctrlKey: true })).toBeNull();
    expect(press('ArrowRight', { shiftKey: true })).toBeNull();
    const input = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(input, button);
    expect([press('g', {}, input), press('?', { shiftKey: true }, input), press(' ', {}, input)]).toEqual([null, null, null]);
    expect(press(' ', {}, button)).toBeNull();
    expect(press('o', {}, button)).toBe('overview');
    input.remove();
    button.remove();
  });

  it('names keys for people and for the table', () => {
    expect([' ', 'Shift+ ', 'ArrowLeft', 'o', '?', 'Escape', 'PageUp'].map(keyLabel)).toEqual(['Space', 'Shift+Space', '←', 'O', '?', 'Esc', 'PageUp']);
    expect(keyName({ key: 'O', shiftKey: true, altKey: false, ctrlKey: false, metaKey: false })).toBe('o');
    expect(keyName({ key: ' ', shiftKey: true, altKey: false, ctrlKey: false, metaKey: false })).toBe('Shift+ ');
  });
});

describe('Space', () => {
  const page = { viewportHeight: 800, scrollHeight: 2000 };
  it('scrolls by the given amount, held inside the page', () => {
    expect(spaceMove(1, { ...page, scrollY: 0 }, 600)).toEqual({ turn: false, top: 600 });
    expect(spaceMove(1, { ...page, scrollY: 1000 }, 600)).toEqual({ turn: false, top: 1200 });
    expect(spaceMove(-1, { ...page, scrollY: 500 }, 600)).toEqual({ turn: false, top: 0 });
  });

  it('turns the page at its end (Space) or its top (Shift+Space), and at once on a page that fits', () => {
    expect(spaceMove(1, { ...page, scrollY: 1199 }, 600)).toEqual({ turn: true });
    expect(spaceMove(-1, { ...page, scrollY: 0 }, 600)).toEqual({ turn: true });
    expect(spaceMove(1, { scrollY: 0, viewportHeight: 800, scrollHeight: 800 }, 600)).toEqual({ turn: true });
  });
});

describe('go-to', () => {
  const pages = [
    { path: '/', label: 'Cover', title: 'Reverse Holdings Group' },
    { path: '/problem', label: 'Problem', title: 'A proven product that lenders barely use' },
    { path: '/reversedesk', label: 'ReverseDesk', title: 'AI origination desk' },
    { path: '/reverseradio', label: 'Reverse Radio', title: 'The podcast' },
  ];
  it('takes a number as the place in the deck, 1-based', () => {
    expect(gotoMatches('2', pages).map((page) => page.path)).toEqual(['/problem']);
    expect(gotoMatches(' 4 ', pages).map((page) => page.path)).toEqual(['/reverseradio']);
    expect(gotoMatches('0', pages)).toEqual([]);
    expect(gotoMatches('5', pages)).toEqual([]);
  });

  it('takes words: an exact label first, then label starts, then words in labels or titles', () => {
    expect(gotoMatches('problem', pages).map((page) => page.path)).toEqual(['/problem']);
    expect(gotoMatches('Reverse', pages).map((page) => page.path)).toEqual(['/reversedesk', '/reverseradio', '/']);
    expect(gotoMatches('radio', pages).map((page) => page.path)).toEqual(['/reverseradio']);
    expect(gotoMatches('lenders', pages).map((page) => page.path)).toEqual(['/problem']);
    expect(gotoMatches('nothing here', pages)).toEqual([]);
    expect(gotoMatches('   ', pages)).toEqual([]);
  });
});

describe('the stored zoom', () => {
  it('comes back when it is a step between the limits, else 100', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    storeZoom(130, store);
    expect(storage.get(ZOOM_STORAGE_KEY)).toBe('130');
    expect(readStoredZoom(store)).toBe(130);
    storeZoom(100, store);
    expect(storage.has(ZOOM_STORAGE_KEY)).toBe(false);
    for (const bad of ['999', '60', '105', 'big', '']) {
      storage.set(ZOOM_STORAGE_KEY, bad);
      expect(readStoredZoom(store)).toBe(100);
    }
  });
});
