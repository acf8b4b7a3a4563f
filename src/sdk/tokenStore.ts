import { TOKEN_STORAGE_KEYS } from '../../schemas/platformWire.ts';
import type { HistoryLike, LocationLike, StorageLike } from './globals.ts';

export { TOKEN_STORAGE_KEYS };

/** Reads, saves and removes the user token in local storage; every call tolerates a missing or throwing storage. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

function attempt(fn: () => void): void {
  try {
    fn();
  } catch {
    // Quota or privacy-mode failures must not break sign-in; the in-memory token still works.
  }
}

/** A token store over whatever storage `getStorage` returns at the moment of each call. */
export function createTokenStore(getStorage: () => StorageLike | null): TokenStore {
  return {
    get() {
      let value: string | null = null;
      attempt(() => {
        value = getStorage()?.getItem(TOKEN_STORAGE_KEYS[0]) ?? null;
      });
      return value;
    },
    set(token) {
      attempt(() => {
        const storage = getStorage();
        for (const key of TOKEN_STORAGE_KEYS) storage?.setItem(key, token);
      });
    },
    clear() {
      attempt(() => {
        const storage = getStorage();
        for (const key of TOKEN_STORAGE_KEYS) storage?.removeItem(key);
      });
    },
  };
}

/** Removes `name` from the address bar without a navigation; returns the parameter's value. */
export function takeParamFromAddress(name: string, location: LocationLike | null, history: HistoryLike | null): string | null {
  if (!location) return null;
  let url: URL;
  try {
    url = new URL(location.href);
  } catch {
    return null;
  }
  const value = url.searchParams.get(name);
  if (value === null) return null;
  url.searchParams.delete(name);
  // A token left in the address ends up in history, bookmarks and Referer headers.
  attempt(() => history?.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`));
  return value || null;
}

/** Reads a parameter of the current address without changing it. */
export function readParamFromAddress(name: string, location: LocationLike | null): string | null {
  if (!location) return null;
  try {
    return new URL(location.href).searchParams.get(name) || null;
  } catch {
    return null;
  }
}

/** The starting token: `?clear_access_token=true` wipes storage, then `?access_token=` (saved, scrubbed), else stored. */
export function pickUpToken(store: TokenStore, location: LocationLike | null, history: HistoryLike | null): string | null {
  if (readParamFromAddress('clear_access_token', location) === 'true') store.clear();
  const fromAddress = takeParamFromAddress('access_token', location, history);
  if (fromAddress) {
    store.set(fromAddress);
    return fromAddress;
  }
  return store.get();
}
