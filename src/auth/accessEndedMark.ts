const KEY = 'deck_access_ended';

/**
 * A tab whose access ended keeps saying so on its next page load: the dead token is gone by then, and
 * without this mark the deck would silently bounce to the sign-in page.
 */
export function markAccessEnded(endedBy: string | null = null, storage: Storage | null = safeSessionStorage()): void {
  storage?.setItem(KEY, endedBy ?? '1');
}

/**
 * Whether this tab's access ended and nobody has signed in since: false, or why it ended (`'1'` when
 * the platform did not say).
 */
export function accessEndedHere(storage: Storage | null = safeSessionStorage()): string | false {
  return storage?.getItem(KEY) ?? false;
}

/** Forgets the mark: a new sign-in (a token is back) or "Sign in again". */
export function clearAccessEnded(storage: Storage | null = safeSessionStorage()): void {
  storage?.removeItem(KEY);
}

function safeSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
