import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { MoveAction } from './keymap.ts';
import { step } from './navigation.ts';
import { deckSlides, slideAtPath, type SlideMeta } from '../registry/slideRegistry.ts';

const DELTAS: Record<MoveAction, number> = { previous: -1, next: 1, first: -Infinity, last: Infinity };

export interface DeckPosition {
  /** The page at the current route, in the deck order or not. */
  current?: SlideMeta;
  /** 0-based place in the deck order, -1 off the deck (core technology, 404). */
  index: number;
  total: number;
  previous?: SlideMeta;
  next?: SlideMeta;
  /** Moves by a shortcut's action; does nothing off the deck or past either end. */
  go: (action: MoveAction) => void;
}

/** Where the current route sits in the deck, and how to move from it. */
export function useDeckNavigation(): DeckPosition {
  const [location, navigate] = useLocation();
  const current = slideAtPath(location);
  const index = current ? deckSlides.indexOf(current) : -1;
  const go = useCallback(
    (action: MoveAction) => {
      if (index < 0) return;
      const moved = step(index, DELTAS[action], deckSlides.length);
      if (moved.direction !== 0) navigate(deckSlides[moved.index]!.path);
    },
    [index, navigate],
  );
  return {
    ...(current && { current }),
    index,
    total: deckSlides.length,
    ...(index > 0 && { previous: deckSlides[index - 1] }),
    ...(index >= 0 && index < deckSlides.length - 1 && { next: deckSlides[index + 1] }),
    go,
  };
}
