// The presenter window's address: the deck's own page with a parameter, so the platform serves it
// like any page (the admin's session comes with it) and no extra route or file is needed.

/** `?presenter=1` renders the presenter view instead of the deck (admins only). */
export const PRESENTER_PARAM = 'presenter';
/** The slide the presenter window starts on (`&slide=/market`). */
export const PRESENTER_SLIDE_PARAM = 'slide';

/** The presenter window's address for a deck window now on `path`. */
export function presenterUrl(path: string): string {
  return `/?${PRESENTER_PARAM}=1&${PRESENTER_SLIDE_PARAM}=${encodeURIComponent(path)}`;
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
