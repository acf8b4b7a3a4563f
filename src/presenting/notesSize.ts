// The presenter's notes have their own text size (A-/A+ in the presenter view), apart from the
// deck's zoom: the presenter reads them from further away than the slide, and the previews keep theirs.

/** The notes' size in px: never under 16, so they stay readable whatever the window. */
export const NOTES_SIZE = { initial: 22, step: 2, min: 16, max: 40 } as const;

/** Where the presenter's chosen size is kept between visits. */
export const NOTES_SIZE_KEY = 'deck_presenter_notes_px';

/** The next size one step smaller or larger, held between the limits. */
export function notesSizeBy(px: number, direction: -1 | 1): number {
  return Math.min(NOTES_SIZE.max, Math.max(NOTES_SIZE.min, px + direction * NOTES_SIZE.step));
}

/** The stored size when it is one of the steps between the limits; else the initial size. */
export function readNotesSize(storage: Pick<Storage, 'getItem'> | null = safeStorage()): number {
  const value = Number(storage?.getItem(NOTES_SIZE_KEY) ?? NaN);
  const onStep = Number.isInteger(value) && (value - NOTES_SIZE.min) % NOTES_SIZE.step === 0;
  return onStep && value >= NOTES_SIZE.min && value <= NOTES_SIZE.max ? value : NOTES_SIZE.initial;
}

/** Keeps the size for the next visit; a refused storage only costs the next visit its size. */
export function storeNotesSize(px: number, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(NOTES_SIZE_KEY, String(px));
  } catch {
    // Private mode or a full storage: the size holds for this window only.
  }
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
