import type { TokenStore } from './tokenStore.ts';

/** The user token held in memory; every request and the socket read it at use time. */
export interface Session {
  getToken(): string | null;
  /** Sets the token (saved under both storage keys unless `save` is false) and tells the listeners. */
  setToken(token: string, save?: boolean): void;
  /** Forgets the token in memory and in storage (one place, so every request path and the socket forget it). */
  clear(): void;
  onChange(listener: (token: string | null) => void): void;
}

/** A session starting from `initial`, persisting through `store`. */
export function createSession(initial: string | null, store: TokenStore): Session {
  let token = initial;
  const listeners: Array<(token: string | null) => void> = [];
  const emit = (): void => {
    for (const listener of listeners) listener(token);
  };
  return {
    getToken: () => token,
    setToken(next, save = true) {
      // The published client ignores an empty token rather than signing out; logout is the way out.
      if (!next) return;
      token = next;
      if (save) store.set(next);
      emit();
    },
    clear() {
      token = null;
      store.clear();
      emit();
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
