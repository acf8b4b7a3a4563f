import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
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
  const [announcement, setAnnouncement] = useState('');
  const firstRender = useRef(true);

  useEffect(() => {
    setDocumentTitle(pageTitle(current));
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    scrollToTop();
    // The page that is leaving may still be fading out: focus the heading of the one arriving.
    focusMainHeading(document.querySelector(`[data-route="${CSS.escape(location)}"]`));
    setAnnouncement(routeAnnouncement(current, index, total));
  }, [location, current, index, total]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
