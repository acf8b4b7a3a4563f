import { isTypingTarget } from '../deck/keymap.ts';
import { step } from '../deck/navigation.ts';

// The presenter window's moves, apart from its React: which keys move it, and where a move lands.

/** How far each key moves the presenter window: Home and End go to the first and the last page. */
const MOVES: Readonly<Record<string, number>> = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1, Home: -Infinity, End: Infinity };

/** The pages a key press moves by, or null: not a move key, Alt, Ctrl or Meta held, or typing in a field. */
export function presenterKeyMove(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target'>): number | null {
  if (!Object.hasOwn(MOVES, event.key) || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return null;
  return MOVES[event.key]!;
}

/**
 * The deck index `delta` pages from `index` in a deck of `length` pages, held to its first and last
 * page (the deck's own `step`); null on a page outside the deck order, which has no place to move from.
 */
export function presenterTarget(index: number, delta: number, length: number): number | null {
  if (index < 0 || index >= length) return null;
  return step(index, delta, length).index;
}
