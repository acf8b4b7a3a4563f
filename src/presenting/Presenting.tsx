import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { followRoom, type FollowState } from '../../schemas/presentingPaths.ts';
import type { GateSession } from '../auth/AuthGate.tsx';
import { LoadingScreen } from '../auth/LoadingScreen.tsx';
import { ACTIVITY_EVENTS, onActivityOrIdle } from '../auth/onActivityOrIdle.ts';
import { DeckRegistryGate } from '../deck/DeckRegistryGate.tsx';
import { DeckUserContext, useDeckUser } from '../deck/DeckUserContext.tsx';
import { actionForKey } from '../deck/keymap.ts';
import type { Base44Client } from '../sdk/index.ts';
import { ViewerContext, useViewer } from '../components/ViewerContext.tsx';
import { useAudience } from './audience.ts';
import { followStateOf } from './followState.ts';
import { isPresenterAddress } from './presenterUrl.ts';

// Each piece is its own chunk, loaded on first use: admins' controls and the presenter window for
// admins only; a viewer's follow panel once a presentation is on. The first visit carries this file.
const AdminPresenting = lazy(() => import('./AdminPresenting.tsx'));
const PresentingButtons = lazy(() => import('./PresentingButtons.tsx'));
const PresenterWindow = lazy(() => import('./PresenterWindow.tsx'));
const FollowPanel = lazy(() => import('./FollowPanel.tsx'));

/** How long an untouched page waits before listening anyway (as long as the access socket waits). */
const LISTEN_IDLE_MS = 8000;

/**
 * Presenting on the platform (absent standalone): an admin gets the header's controls, P and the
 * presenter window (`/?presenter=1`); a signed-in viewer is offered to follow a presentation.
 */
export function Presenting({ session, children }: { session: GateSession; children: ReactNode }) {
  const { user, client } = session;
  const admin = Boolean(client && user?.role === 'admin');
  // After hydration: the prerendered page under this address is the deck's, and stays until then.
  const [presenterView, setPresenterView] = useState(false);
  useEffect(() => setPresenterView(admin && isPresenterAddress(window.location.search)), [admin]);
  const outer = useDeckUser();
  const withControls = useMemo(
    () => ({
      ...outer,
      presentingControls: (
        <Suspense fallback={null}>
          <PresentingButtons />
        </Suspense>
      ),
      // Present (F or the header's button) asks first who the presentation is for.
      startPresenting: () => void import('./presentingStore.ts').then((store) => store.askAudience('present')),
    }),
    [outer],
  );
  // While the admin presents, their screen names the partner chosen (audience.ts).
  const audience = useAudience();
  const viewer = useViewer();
  const shownViewer = useMemo(() => (audience ? { ...viewer, partner: audience } : viewer), [audience, viewer]);

  useEffect(() => {
    if (!admin || presenterView) return undefined;
    // P works from the first moment: the store opens the window once the presenting logic is in.
    const onKey = (event: KeyboardEvent) => {
      if (actionForKey(event) !== 'presenter') return;
      event.preventDefault();
      void import('./presentingStore.ts').then((store) => store.openPresenter());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [admin, presenterView]);

  if (!client || !user) return <>{children}</>;
  if (presenterView) {
    return (
      <DeckRegistryGate loading={<LoadingScreen />}>
        <Suspense fallback={<LoadingScreen />}>
          <PresenterWindow client={client} />
        </Suspense>
      </DeckRegistryGate>
    );
  }
  if (!admin) {
    return (
      <>
        {children}
        <FollowListener client={client} />
      </>
    );
  }
  return (
    <DeckUserContext.Provider value={withControls}>
      <ViewerContext.Provider value={shownViewer}>{children}</ViewerContext.Provider>
      <DeckRegistryGate>
        <Suspense fallback={null}>
          <AdminPresenting client={client} />
        </Suspense>
      </DeckRegistryGate>
    </DeckUserContext.Provider>
  );
}

/**
 * A viewer listens for a presentation in the follow room, through the client's socket, once they
 * are active (or idle a while), never during the first visit; the panel loads when one is on.
 */
function FollowListener({ client }: { client: Base44Client }) {
  const [state, setState] = useState<FollowState | null>(null);
  // The panel hears each move at once too, to navigate before this component re-renders.
  const [moves] = useState(() => new Set<(state: FollowState) => void>());
  const onMove = useCallback(
    (listener: (state: FollowState) => void) => {
      moves.add(listener);
      return () => void moves.delete(listener);
    },
    [moves],
  );
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const stopWaiting = onActivityOrIdle(
      ACTIVITY_EVENTS,
      () => {
        unsubscribe = client.realtime.subscribe(followRoom(client.getConfig().appId), {
          onUpdate: (data) => {
            const next = followStateOf(data);
            if (!next) return;
            moves.forEach((listener) => listener(next));
            setState(next);
          },
        });
      },
      LISTEN_IDLE_MS,
    );
    return () => {
      stopWaiting();
      unsubscribe?.();
    };
  }, [client, moves]);
  if (!state?.path) return null;
  return (
    <DeckRegistryGate>
      <Suspense fallback={null}>
        <FollowPanel state={state} onMove={onMove} />
      </Suspense>
    </DeckRegistryGate>
  );
}
