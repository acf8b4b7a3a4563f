import { describe, expect, it } from 'vitest';
import { presenterKeyMove, presenterTarget } from '../../src/presenting/presenterMoves.ts';

// The presenter window's moves: the keys it answers and where each move lands, first and last page
// included, as pure functions of the deck's length.

const press = (key: string, held: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}, target: EventTarget | null = null) =>
  presenterKeyMove({ key, altKey: false, ctrlKey: false, metaKey: false, target, ...held });

/** An element as isTypingTarget reads it: a text field, or a button. */
const element = (tagName: string, type = '') => ({ tagName, type, isContentEditable: false, closest: () => null }) as unknown as EventTarget;

describe('where a move lands in the presenter window', () => {
  const LENGTH = 17;
  const LAST = LENGTH - 1;

  it('stays on the last page for End and for → or Page Down there, never past it', () => {
    for (const delta of [Infinity, 1]) {
      expect(presenterTarget(LAST, delta, LENGTH), `a move of ${delta} on the last page (${LAST} of 0..${LAST}) must stay on it`).toBe(LAST);
    }
    expect(presenterTarget(3, Infinity, LENGTH), 'End from the middle lands on the last page').toBe(LAST);
    expect(presenterTarget(LAST - 1, 1, LENGTH)).toBe(LAST);
  });

  it('stays on the first page for Home and for ← or Page Up there', () => {
    for (const delta of [-Infinity, -1]) expect(presenterTarget(0, delta, LENGTH), `a move of ${delta} on the first page`).toBe(0);
    expect(presenterTarget(LAST, -Infinity, LENGTH)).toBe(0);
    expect(presenterTarget(1, -1, LENGTH)).toBe(0);
  });

  it('moves one page either way in the middle', () => {
    expect(presenterTarget(5, 1, LENGTH)).toBe(6);
    expect(presenterTarget(5, -1, LENGTH)).toBe(4);
  });

  it('does not move from a page outside the deck order, nor in a deck of one page or none', () => {
    expect(presenterTarget(-1, 1, LENGTH)).toBeNull();
    expect(presenterTarget(LENGTH, -1, LENGTH)).toBeNull();
    expect(presenterTarget(0, 1, 1)).toBe(0);
    expect(presenterTarget(0, Infinity, 1)).toBe(0);
    expect(presenterTarget(0, 1, 0)).toBeNull();
  });
});

describe('the keys the presenter window answers', () => {
  it('moves by one with the arrows and Page Up/Down, to the ends with Home and End', () => {
    expect(['ArrowRight', 'PageDown', 'ArrowLeft', 'PageUp', 'Home', 'End'].map((key) => press(key))).toEqual([1, 1, -1, -1, -Infinity, Infinity]);
  });

  it('leaves other keys, keys with Alt, Ctrl or Meta, and keys typed into a field alone', () => {
    for (const key of ['a', ' ', 'Enter', 'ArrowUp', 'toString', 'constructor', '']) expect(press(key), key).toBeNull();
    for (const held of ['altKey', 'ctrlKey', 'metaKey'] as const) expect(press('ArrowRight', { [held]: true }), held).toBeNull();
    expect(press('End', {}, element('INPUT', 'text'))).toBeNull();
    expect(press('End', {}, element('TEXTAREA'))).toBeNull();
    expect(press('End', {}, element('BUTTON'))).toBe(Infinity);
  });
});
