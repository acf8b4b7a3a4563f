import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { FollowState } from '../../schemas/presentingPaths.ts';
import { slideAtPath } from '../registry/slideRegistry.ts';
import './presenting.css';

type Mode = 'offered' | 'following' | 'paused' | 'dismissed';

// A follower who reloads keeps following the same presenter's presentation; another presenter's is
// offered again.
const FOLLOWING_KEY = 'deck_following';

function storedMode(presenter: string | null): Mode {
  try {
    return sessionStorage.getItem(FOLLOWING_KEY) === (presenter ?? '') ? 'following' : 'offered';
  } catch {
    return 'offered';
  }
}

function storeMode(mode: Mode, presenter: string | null): void {
  try {
    if (mode === 'following') sessionStorage.setItem(FOLLOWING_KEY, presenter ?? '');
    else sessionStorage.removeItem(FOLLOWING_KEY);
  } catch {
    // Storage denied: a reload offers to follow again.
  }
}

/**
 * A viewer's side of follow-me, loaded when a presentation is on: a small, non-modal offer to follow;
 * once following, the deck moves wherever the presenter goes; a move of the viewer's own pauses it,
 * and one click rejoins. Nothing here can move anyone else: the platform takes drives from admins only.
 */
export default function FollowPanel({ state, onMove }: { state: FollowState; onMove: (listener: (state: FollowState) => void) => () => void }) {
  const [location, navigate] = useLocation();
  const [mode, setMode] = useState<Mode>(() => storedMode(state.presenter));
  // The status line fills in after the region is in the page, so screen readers announce it.
  const [announce, setAnnounce] = useState(false);
  useEffect(() => setAnnounce(true), []);
  useEffect(() => storeMode(mode, state.presenter), [mode, state.presenter]);
  // The presentation ended (the panel goes): the next one is offered afresh.
  useEffect(() => () => storeMode('dismissed', null), []);
  const following = useRef(false);
  following.current = mode === 'following';
  // Where following last took this viewer: any other location is a move of their own.
  const drivenTo = useRef<string | null>(null);
  const presenter = state.presenter ?? 'The presenter';

  const goToPresenter = () => {
    if (!state.path || !slideAtPath(state.path)) return;
    drivenTo.current = state.path;
    if (state.path !== location) navigate(state.path);
  };

  // A move while following goes straight to the router, as the update arrives (no render first).
  useEffect(
    () =>
      onMove((next) => {
        if (!following.current || !next.path || !slideAtPath(next.path)) return;
        drivenTo.current = next.path;
        if (window.location.pathname !== next.path) navigate(next.path);
      }),
    [onMove, navigate],
  );
  // Starting to follow (or rejoining) goes to where the presenter is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of mode is the trigger, not a new function
  useEffect(() => {
    if (mode === 'following') goToPresenter();
  }, [mode]);

  // Reacts to a change of location only: starting to follow moves the viewer after this runs.
  const seenLocation = useRef(location);
  useEffect(() => {
    if (seenLocation.current === location) return;
    seenLocation.current = location;
    if (mode === 'following' && location !== drivenTo.current) setMode('paused');
  }, [location, mode]);

  if (mode === 'dismissed') return null;
  return (
    <section className="follow-panel" aria-label="Follow the presenter" data-presenter-path={state.path ?? ''}>
      <p className="follow-panel__text" role="status">
        {announce && mode === 'offered' && `${presenter} is presenting this deck.`}
        {announce && mode === 'following' && `Following ${presenter}.`}
        {announce && mode === 'paused' && `You moved on your own: following ${presenter} is paused.`}
      </p>
      <div className="follow-panel__actions">
        {mode === 'offered' && (
          <>
            <button type="button" className="follow-panel__button" onClick={() => setMode('following')}>
              Follow presenter
            </button>
            <button type="button" className="follow-panel__quiet" onClick={() => setMode('dismissed')}>
              Not now
            </button>
          </>
        )}
        {mode === 'following' && (
          <button type="button" className="follow-panel__quiet" onClick={() => setMode('paused')}>
            Stop following
          </button>
        )}
        {mode === 'paused' && (
          <button type="button" className="follow-panel__button" onClick={() => setMode('following')}>
            Rejoin presenter
          </button>
        )}
      </div>
    </section>
  );
}
