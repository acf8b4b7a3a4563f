import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { useViewer } from '../components/ViewerContext.tsx';
import { enterPresentMode, usePresentMode } from '../deck/present/presentMode.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';
import type { Base44Client } from '../sdk/index.ts';
import { showAudience } from './audience.ts';
import { AUDIENCE_KEY, nobodyPartner } from './audienceChoice.ts';
import { AudienceDialog } from './AudienceDialog.tsx';
import { slideAtPath } from '../registry/slideRegistry.ts';
import { startDriving, type FollowDriver } from './followDriver.ts';
import { joinPresenterChannel, newPairId, type PresenterLink } from './presenterChannel.ts';
import { presenterUrl } from './presenterAddress.ts';
import { onOpenPresenter, presentingState, setPresenting, subscribePresenting } from './presentingStore.ts';

/** The presenter window's name: P again brings the open one forward instead of opening another. */
const PRESENTER_WINDOW = 'deck-presenter';
/** This tab's pairing with the presenter window it opened; kept for a reload of the tab. */
const PAIR_KEY = 'deck_presenter_pair';

function storedPair(): string | null {
  try {
    return sessionStorage.getItem(PAIR_KEY);
  } catch {
    return null;
  }
}

function storePair(pair: string): void {
  try {
    sessionStorage.setItem(PAIR_KEY, pair);
  } catch {
    // Storage denied: a reload of this tab unpairs it from its presenter window.
  }
}

/**
 * An admin's deck tab, presenting: P (Presenting.tsx) or the header's button opens the presenter
 * window, which moves with this tab both ways over PRESENTER_CHANNEL; while "presenting" is on, each
 * move also drives the followers on other devices through the platform. Only the tab that opened the
 * presenter window is paired with it: the admin's other tabs (the console, a tab to read in) hear
 * the channel but never move with it. Loaded for admins only.
 */
export default function AdminPresenting({ client }: { client: Base44Client }) {
  const [location, navigate] = useLocation();
  const { partner: served } = useViewer();
  const presentMode = usePresentMode();
  const [audience, setAudience] = useState<{ id: string | null; partner: ViewerPartner } | null>(storedAudience);
  const here = useRef(location);
  here.current = location;
  const link = useRef<PresenterLink | null>(null);
  const { live, asking } = useSyncExternalStore(subscribePresenting, presentingState);

  // While presenting, this screen (the projector) names the partner the pitch is for; else the page as served.
  useEffect(() => {
    showAudience(presentMode || live ? (audience?.partner ?? nobodyPartner(served)) : undefined);
  }, [presentMode, live, audience, served]);
  useEffect(() => () => showAudience(undefined), []);
  const driver = useRef<FollowDriver | null>(null);
  const [pair, setPair] = useState<string | null>(storedPair);

  useEffect(() => {
    if (pair === null) return undefined;
    const joined = joinPresenterChannel(pair, (path) => {
      if (slideAtPath(path)) navigate(path);
    });
    link.current = joined;
    if (slideAtPath(here.current)) joined.moved(here.current);
    return () => {
      joined.close();
      link.current = null;
    };
  }, [navigate, pair]);

  useEffect(
    () =>
      onOpenPresenter(() => {
        const opened = storedPair() ?? newPairId();
        storePair(opened);
        setPair(opened);
        window.open(presenterUrl(slideAtPath(here.current) ? here.current : '/', opened), PRESENTER_WINDOW, 'popup=yes,width=1280,height=800');
      }),
    [],
  );

  useEffect(() => {
    if (!live) return undefined;
    const started = startDriving((detail) => setPresenting({ live: false, problem: detail }));
    driver.current = started;
    if (slideAtPath(here.current)) started.move(here.current);
    return () => {
      started.stop();
      driver.current = null;
    };
  }, [live]);

  // Each move goes out the moment the address changes (the router's history events), before React
  // renders the new page: followers start their own move a render earlier. The effect below is the
  // fallback for any move that reached the route another way; both send a path once.
  useEffect(() => {
    const announce = () => {
      const path = window.location.pathname;
      if (!slideAtPath(path)) return;
      link.current?.moved(path);
      driver.current?.move(path);
    };
    const events = ['pushState', 'replaceState', 'popstate'];
    for (const type of events) window.addEventListener(type, announce);
    return () => {
      for (const type of events) window.removeEventListener(type, announce);
    };
  }, []);
  useEffect(() => {
    if (!slideAtPath(location)) return;
    link.current?.moved(location);
    driver.current?.move(location);
  }, [location]);

  if (!asking) return null;
  return (
    <AudienceDialog
      client={client}
      start={asking}
      served={served}
      chosen={audience?.id ?? null}
      onClose={() => setPresenting({ asking: null })}
      onChoose={(choice) => {
        setAudience(choice);
        storeAudience(choice);
        // Within the click: full screen may be asked for only in a gesture.
        if (asking === 'present') enterPresentMode();
        setPresenting(asking === 'follow' ? { asking: null, live: true, problem: null } : { asking: null });
      }}
    />
  );
}

/** This tab's last choice, kept for a reload (an admin's own tab: the names are theirs to read). */
function storedAudience(): { id: string | null; partner: ViewerPartner } | null {
  try {
    const text = sessionStorage.getItem(AUDIENCE_KEY);
    return text ? (JSON.parse(text) as { id: string | null; partner: ViewerPartner }) : null;
  } catch {
    return null;
  }
}

function storeAudience(choice: { id: string | null; partner: ViewerPartner }): void {
  try {
    sessionStorage.setItem(AUDIENCE_KEY, JSON.stringify(choice));
  } catch {
    // Storage denied: a reload asks again.
  }
}
