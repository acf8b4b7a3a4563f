// The presenter window's address: the deck's own page with a parameter, so the platform serves it
// like any page (the admin's session comes with it) and no extra route or file is needed.

/** `?presenter=1` renders the presenter view instead of the deck (admins only). */
export const PRESENTER_PARAM = 'presenter';
/** The slide the presenter window starts on (`&slide=/market`). */
export const PRESENTER_SLIDE_PARAM = 'slide';
/** The pairing of the presenter window with the deck tab that opened it (presenterChannel.ts). */
export const PRESENTER_PAIR_PARAM = 'pair';

/** The presenter window's address for a deck window now on `path`, paired with it by `pair`. */
export function presenterUrl(path: string, pair: string): string {
  return `/?${PRESENTER_PARAM}=1&${PRESENTER_SLIDE_PARAM}=${encodeURIComponent(path)}&${PRESENTER_PAIR_PARAM}=${encodeURIComponent(pair)}`;
}

/** The pair the presenter window was opened with, or null (then it is paired with no deck tab). */
export function presenterPair(search: string): string | null {
  const pair = new URLSearchParams(search).get(PRESENTER_PAIR_PARAM);
  return isPairId(pair) ? pair : null;
}

/** Whether this page's address asks for the presenter view. */
export function isPresenterAddress(search: string): boolean {
  return new URLSearchParams(search).get(PRESENTER_PARAM) === '1';
}

/** The slide the presenter window was opened on, or null. */
export function presenterStartPath(search: string): string | null {
  const path = new URLSearchParams(search).get(PRESENTER_SLIDE_PARAM);
  return path && /^\/[a-z0-9-]*$/.test(path) ? path : null;
}

/** A pair id as presenterChannel.ts makes them (a UUID); anything else is ignored. */
export function isPairId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value);
}
