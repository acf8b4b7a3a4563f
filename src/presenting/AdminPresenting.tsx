import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { slideAtPath } from '../registry/slideRegistry.ts';
import { startDriving, type FollowDriver } from './followDriver.ts';
import { joinPresenterChannel, type PresenterLink } from './presenterChannel.ts';
import { presenterUrl } from './presenterUrl.ts';
import { onOpenPresenter, presentingState, setPresenting, subscribePresenting } from './presentingStore.ts';

/** The presenter window's name: P again brings the open one forward instead of opening another. */
const PRESENTER_WINDOW = 'deck-presenter';

/**
 * An admin's deck tab, presenting: P (Presenting.tsx) or the header's button opens the presenter window, which moves
 * with this tab both ways over PRESENTER_CHANNEL; while "presenting" is on, each move also drives the
 * followers on other devices through the platform. Loaded for admins only.
 */
export default function AdminPresenting() {
  const [location, navigate] = useLocation();
  const here = useRef(location);
  here.current = location;
  const link = useRef<PresenterLink | null>(null);
  const { live } = useSyncExternalStore(subscribePresenting, presentingState);
  const driver = useRef<FollowDriver | null>(null);

  useEffect(() => {
    const joined = joinPresenterChannel((path) => {
      if (slideAtPath(path)) navigate(path);
    });
    link.current = joined;
    if (slideAtPath(here.current)) joined.moved(here.current);
    const undoOpen = onOpenPresenter(() => {
      window.open(presenterUrl(slideAtPath(here.current) ? here.current : '/'), PRESENTER_WINDOW, 'popup=yes,width=1280,height=800');
    });
    return () => {
      undoOpen();
      joined.close();
      link.current = null;
    };
  }, [navigate]);

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

  return null;
}
