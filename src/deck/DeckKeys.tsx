import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ACTIVITY_EVENTS, onFirstActivity } from './onFirstActivity.ts';
import type { DeckAction } from './keymap.ts';
import { listenForKeys } from './listenForKeys.ts';
import { listenForSwipe } from './listenForSwipe.ts';
import { spaceMove } from './pageScroll.ts';
import { asksForPresentMode, enterPresentMode, isPresenting, leavePresentMode, usePresentMode } from './present/presentMode.ts';
import { loadSlide } from '../registry/slideRegistry.ts';
import { useDeckNavigation, type DeckPosition } from './useDeckNavigation.ts';
import type { DeckDialogKind } from './DeckDialogs.tsx';
import { useDeckUser } from './DeckUserContext.tsx';

// Few visitors open them: the dialogs and present mode's behaviour load on first use.
const DeckDialogs = lazy(() => import('./DeckDialogs.tsx'));
const PresentModeEffects = lazy(() => import('./present/PresentModeEffects.tsx'));

/**
 * Keys and swipes move through the deck; O, G and ? open the overview, go-to and key help; F and Esc
 * enter and leave present mode; Q asks about the page where the viewer may ask. The neighbours' bodies are fetched ahead of the move once the
 * visitor shows any sign of activity (a pointer, a key, a scroll, a touch), so a first visit does
 * not pay for pages nobody looks at. Headings never wait: they come with the registry.
 */
export function DeckKeys() {
  const { go, previous, next } = useDeckNavigation();
  const [active, setActive] = useState(false);
  // Each opening is a new dialog: a key pressed right after Escape, before the close has rendered,
  // must mount a fresh one rather than leave the closed one mounted.
  const [dialog, setDialog] = useState<{ kind: DeckDialogKind; opening: number } | null>(null);
  const presenting = usePresentMode();
  const { askQuestion, startPresenting = enterPresentMode } = useDeckUser();
  const start = useRef(startPresenting);
  start.current = startPresenting;
  useEffect(() => {
    if (asksForPresentMode(window.location.search)) enterPresentMode();
  }, []);
  useEffect(
    () =>
      listenForKeys((action) =>
        answer(
          action,
          go,
          (kind) => setDialog({ kind, opening: performance.now() }),
          () => start.current(),
          askQuestion,
        ),
      ),
    [go, askQuestion],
  );
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
  return (
    <Suspense fallback={null}>
      {presenting && <PresentModeEffects />}
      {dialog && <DeckDialogs key={dialog.opening} kind={dialog.kind} onClose={() => setDialog((open) => (open === dialog ? null : open))} />}
    </Suspense>
  );
}

/** Does what a shortcut says; false when the key was not for the deck after all (its default stays). */
function answer(action: DeckAction, go: DeckPosition['go'], setDialog: (kind: DeckDialogKind) => void, startPresenting: () => void, ask?: () => void): boolean {
  switch (action) {
    case 'previous':
    case 'next':
    case 'first':
    case 'last':
      go(action);
      return true;
    case 'page-down':
    case 'page-up':
      return spacePress(action === 'page-down' ? 1 : -1, go);
    case 'overview':
    case 'goto':
    case 'help':
      setDialog(action);
      return true;
    case 'present':
      if (isPresenting()) leavePresentMode();
      else startPresenting();
      return true;
    case 'leave-present':
      if (!isPresenting()) return false;
      leavePresentMode();
      return true;
    case 'presenter':
      // The presenting layer (src/presenting) answers P for admins.
      return false;
    case 'question':
      // Only where the viewer may ask, and never over a presentation.
      if (!ask || isPresenting()) return false;
      ask();
      return true;
  }
}

/** Space scrolls a window's worth (less the header and the bar over it); at the page's end it turns the page. */
function spacePress(direction: 1 | -1, go: DeckPosition['go']): boolean {
  const covered = ['.deck-header', '.bottom-bar'].reduce((sum, selector) => sum + (document.querySelector(selector)?.getBoundingClientRect().height ?? 0), 0);
  const position = { scrollY: window.scrollY, viewportHeight: window.innerHeight, scrollHeight: document.documentElement.scrollHeight };
  const move = spaceMove(direction, position, window.innerHeight - covered - 48);
  if (move.turn) {
    go(direction === 1 ? 'next' : 'previous');
    return true;
  }
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: move.top, behavior: smooth ? 'smooth' : ('instant' as ScrollBehavior) });
  return true;
}
