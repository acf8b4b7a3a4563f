import { useEffect } from 'react';

/** The section heading a `#admin-…` address names, if the console has it. */
function sectionHeading(hash: string, doc: Document): HTMLElement | null {
  if (!/^#admin-[a-z-]+$/.test(hash)) return null;
  const heading = doc.getElementById(hash.slice(1));
  return heading instanceof HTMLElement && heading.tagName === 'H2' ? heading : null;
}

/**
 * Arriving at the console with `#admin-live` (the opened-deck notice's link) shows that section and
 * focuses its heading. After the route's own effects, which focus the page's h1 and scroll to the top.
 */
export function useSectionFromHash(win: Window = window): void {
  useEffect(() => {
    const show = () => {
      const heading = sectionHeading(win.location.hash, win.document);
      if (!heading) return;
      heading.scrollIntoView({ block: 'start' });
      heading.focus({ preventScroll: true });
    };
    const timer = win.setTimeout(show, 0);
    // The router announces its own navigations as `pushState` events (a notice's link while on the console).
    const events = ['hashchange', 'pushState'] as const;
    for (const name of events) win.addEventListener(name, show);
    return () => {
      win.clearTimeout(timer);
      for (const name of events) win.removeEventListener(name, show);
    };
  }, [win]);
}
