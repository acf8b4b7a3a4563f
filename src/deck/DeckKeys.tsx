import { useEffect, useState } from 'react';
import { ACTIVITY_EVENTS, onFirstActivity } from './onFirstActivity.ts';
import { listenForKeys } from './listenForKeys.ts';
import { listenForSwipe } from './listenForSwipe.ts';
import { loadSlide } from '../registry/slideRegistry.ts';
import { useDeckNavigation } from './useDeckNavigation.ts';

/**
 * Keys and swipes move through the deck. The neighbours' bodies are fetched ahead of the move once
 * the visitor shows any sign of activity (a pointer, a key, a scroll, a touch), so a first visit
 * does not pay for pages nobody looks at. Headings never wait: they come with the registry.
 */
export function DeckKeys() {
  const { go, previous, next } = useDeckNavigation();
  const [active, setActive] = useState(false);
  useEffect(() => listenForKeys(go), [go]);
  useEffect(() => listenForSwipe((delta) => go(delta > 0 ? 'next' : 'previous')), [go]);
  useEffect(() => onFirstActivity(ACTIVITY_EVENTS, () => setActive(true)), []);
  useEffect(() => {
    if (!active) return undefined;
    // A moment after the current page settles, so the prefetch never competes with it.
    const timer = setTimeout(() => {
      for (const slide of [next, previous]) if (slide) void loadSlide(slide.name).catch(() => undefined);
    }, 100);
    return () => clearTimeout(timer);
  }, [active, next, previous]);
  return null;
}
