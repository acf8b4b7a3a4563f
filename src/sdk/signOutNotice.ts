const KEY = 'deck_signed_out_notice';

/** What the sign-in page tells someone who just signed out of the deck. */
export const SIGNED_OUT = 'You have signed out. Sign in again to view the deck.';

/**
 * Signing out leaves the deck for the sign-in page, so the notice travels in session storage
 * (this tab only) rather than as a toast that would vanish with the page.
 */
export function leaveSignOutNotice(storage: Storage | null = safeSessionStorage()): void {
  storage?.setItem(KEY, SIGNED_OUT);
}

/** The notice left by a sign-out, once: reading it removes it. */
export function takeSignOutNotice(storage: Storage | null = safeSessionStorage()): string | null {
  const notice = storage?.getItem(KEY) ?? null;
  storage?.removeItem(KEY);
  return notice;
}

function safeSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
