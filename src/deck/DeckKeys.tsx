import { useEffect } from 'react';
import { listenForKeys } from './listenForKeys.ts';
import { listenForSwipe } from './listenForSwipe.ts';
import { loadSlide } from './slideRegistry.ts';
import { useDeckNavigation } from './useDeckNavigation.ts';

/** Keys and swipes move through the deck; the neighbours' bodies are fetched ahead of the move. */
export function DeckKeys() {
  const { go, previous, next } = useDeckNavigation();
  useEffect(() => listenForKeys(go), [go]);
  useEffect(() => listenForSwipe((delta) => go(delta > 0 ? 'next' : 'previous')), [go]);
  useEffect(() => {
    // Prefetch once the current page is settled, so it never competes with the page being shown.
    const timer = setTimeout(() => {
      for (const slide of [next, previous]) if (slide) void loadSlide(slide.name).catch(() => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [next, previous]);
  return null;
}
