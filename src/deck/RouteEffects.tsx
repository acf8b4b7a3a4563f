import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ADMIN_CONSOLE_LABEL, showsAdminConsole } from '../../schemas/accessPaths.ts';
import { useDeckUser } from './DeckUserContext.tsx';
import { focusMainHeading, scrollToTop, setDocumentTitle } from './documentEffects.ts';
import { pageTitle, routeAnnouncement } from './pageTitle.ts';
import { useDeckNavigation } from './useDeckNavigation.ts';

/**
 * After a route change: back to the top, focus on the new page's heading, and a polite announcement
 * for screen readers. The first page load keeps the browser's own focus and scroll.
 */
export function RouteEffects() {
  const [location] = useLocation();
  const { current, index, total } = useDeckNavigation();
  const { user } = useDeckUser();
  // An admin at ADMIN_PATH sees the console (src/app/AdminRoute.tsx), not the 404 the path is for anyone else.
  const other = showsAdminConsole(location, user?.role) ? ADMIN_CONSOLE_LABEL : undefined;
  const [announcement, setAnnouncement] = useState('');
  const firstRender = useRef(true);

  useEffect(() => {
    setDocumentTitle(pageTitle(current, other));
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    scrollToTop();
    // The page that is leaving may still be fading out: focus the heading of the one arriving.
    focusMainHeading(document.querySelector(`[data-route="${CSS.escape(location)}"]`));
    setAnnouncement(routeAnnouncement(current, index, total, other));
  }, [location, current, index, total, other]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
