import { PRESENTER_PARAM } from './presenterUrl.ts';

// The rest of the presenter window's address (presenterUrl.ts has what the first visit needs): only
// the admin's presenting code and the presenter window read it, and both load lazily.

/** The slide the presenter window starts on (`&slide=/market`). */
export const PRESENTER_SLIDE_PARAM = 'slide';
/** The pairing of the presenter window with the deck tab that opened it (presenterChannel.ts). */
export const PRESENTER_PAIR_PARAM = 'pair';

/** A pair id as presenterChannel.ts makes them (a UUID); anything else is ignored. */
export function isPairId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value);
}

/** The presenter window's address for a deck window now on `path`, paired with it by `pair`. */
export function presenterUrl(path: string, pair: string): string {
  return `/?${PRESENTER_PARAM}=1&${PRESENTER_SLIDE_PARAM}=${encodeURIComponent(path)}&${PRESENTER_PAIR_PARAM}=${encodeURIComponent(pair)}`;
}

/** The pair the presenter window was opened with, or null (then it is paired with no deck tab). */
export function presenterPair(search: string): string | null {
  const pair = new URLSearchParams(search).get(PRESENTER_PAIR_PARAM);
  return isPairId(pair) ? pair : null;
}

/** The slide the presenter window was opened on, or null. */
export function presenterStartPath(search: string): string | null {
  const path = new URLSearchParams(search).get(PRESENTER_SLIDE_PARAM);
  return path && /^\/[a-z0-9-]*$/.test(path) ? path : null;
}
