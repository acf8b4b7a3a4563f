/** The few document side effects of a route change, each behind one small function tests can drive. */

export function setDocumentTitle(title: string, doc: Document = document): void {
  doc.title = title;
}

export function scrollToTop(win: Window = window): void {
  win.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
}

/** Moves focus to the page's main heading inside `container`, without scrolling it into view again. */
export function focusMainHeading(container: ParentNode | null): void {
  const heading = container?.querySelector<HTMLElement>('h1');
  heading?.focus({ preventScroll: true });
}
