// The presenter window's address: the deck's own page with a parameter, so the platform serves it
// like any page (the admin's session comes with it) and no extra route or file is needed. Only what
// the first visit needs is here; the rest of the address is in presenterAddress.ts (lazy chunks).

/** `?presenter=1` renders the presenter view instead of the deck (admins only). */
export const PRESENTER_PARAM = 'presenter';

/** Whether this page's address asks for the presenter view. */
export function isPresenterAddress(search: string): boolean {
  return new URLSearchParams(search).get(PRESENTER_PARAM) === '1';
}
