import { ZOOM_STORAGE_KEY } from '../../schemas/presentingPaths.ts';

/** The page zoom, in percent. */
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

/** The stored zoom, when it is one of the steps between the limits; else the initial zoom. */
export function readStoredZoom(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): number {
  const value = Number(storage?.getItem(ZOOM_STORAGE_KEY) ?? NaN);
  const onStep = Number.isInteger(value) && (value - ZOOM.min) % ZOOM.step === 0;
  return onStep && value >= ZOOM.min && value <= ZOOM.max ? value : ZOOM.initial;
}

/** Keeps the zoom for the next visit; the initial zoom is stored as no value at all. */
export function storeZoom(percent: number, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeStorage()): void {
  try {
    if (percent === ZOOM.initial) storage?.removeItem(ZOOM_STORAGE_KEY);
    else storage?.setItem(ZOOM_STORAGE_KEY, String(percent));
  } catch {
    // A full or refused storage (private mode) only costs the next visit its zoom.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
