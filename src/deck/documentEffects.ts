/** The few document side effects of a route change, each behind one small function tests can drive. */

export function setDocumentTitle(title: string, doc: Document = document): void {
  doc.title = title;
}

export function scrollToTop(win: Window = window): void {
  win.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
}

/** The attribute on an element the deck focused by itself (not by Tab): base.css draws no ring for it. */
export const PROGRAMMATIC_FOCUS = 'data-programmatic-focus';

/** Moves focus to the page's main heading inside `container`, without scrolling it into view again. */
export function focusMainHeading(container: ParentNode | null): void {
  focusQuietly(container?.querySelector<HTMLElement>('h1') ?? null);
}

/**
 * Focuses `element` for screen readers without a focus ring: after a key press the browser would
 * count the focus as keyboard focus and draw one around a heading nobody tabbed to. The mark goes
 * with the focus, so Tab back onto it shows the ring again.
 */
export function focusQuietly(element: HTMLElement | null): void {
  if (!element) return;
  element.setAttribute(PROGRAMMATIC_FOCUS, '');
  element.addEventListener('blur', () => element.removeAttribute(PROGRAMMATIC_FOCUS), { once: true });
  element.focus({ preventScroll: true });
  if (document.activeElement !== element) element.removeAttribute(PROGRAMMATIC_FOCUS);
}
