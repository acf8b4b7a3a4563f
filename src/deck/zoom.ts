/** Spec sections 4 and 9: the page zoom, in percent. */
export const ZOOM = { initial: 100, step: 10, min: 70, max: 150 } as const;

/** The next zoom value one step in or out, held between the limits. */
export function zoomBy(percent: number, direction: -1 | 1): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, percent + direction * ZOOM.step));
}

/**
 * Applies the zoom to the document's font size, so everything sized in rem scales with it.
 * Returns the undo, which puts the previous size back.
 */
export function setDocumentZoom(percent: number, root: HTMLElement = document.documentElement): () => void {
  const previous = root.style.fontSize;
  root.style.fontSize = percent === ZOOM.initial ? '' : `${percent}%`;
  return () => {
    root.style.fontSize = previous;
  };
}
