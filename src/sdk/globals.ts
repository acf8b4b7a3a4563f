/** The slice of `Storage` the client uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The slice of `Location` the client reads, plus the navigation it performs. */
export interface LocationLike {
  href: string;
  assign?(url: string): void;
  reload?(): void;
}

/** The slice of `History` used to drop `access_token` from the address. */
export interface HistoryLike {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/** Where the client logs socket errors. */
export interface LoggerLike {
  error(...args: unknown[]): void;
}

/** Browser globals, injectable for tests and servers; each defaults to the global of that name. */
export interface BrowserGlobals {
  fetch?: typeof globalThis.fetch;
  /** `null` means "no storage" even where a global exists. */
  storage?: StorageLike | null;
  location?: LocationLike | null;
  history?: HistoryLike | null;
  logger?: LoggerLike;
}

/** Getters resolved at call time: importing the SDK in plain Node must not touch `window`. */
export interface Globals {
  fetch(): typeof globalThis.fetch;
  storage(): StorageLike | null;
  location(): LocationLike | null;
  history(): HistoryLike | null;
  logger(): LoggerLike;
}

function read<T>(get: () => T | undefined): T | null {
  try {
    return get() ?? null;
  } catch {
    // Sandboxed frames throw on `localStorage` access; treat that as absent.
    return null;
  }
}

const g = globalThis as unknown as {
  localStorage?: StorageLike;
  location?: LocationLike;
  history?: HistoryLike;
};

/** Resolves injected globals, falling back to the real ones only when asked for. */
export function resolveGlobals(injected: BrowserGlobals = {}): Globals {
  return {
    fetch: () => injected.fetch ?? globalThis.fetch,
    storage: () => (injected.storage !== undefined ? injected.storage : read(() => g.localStorage)),
    location: () => (injected.location !== undefined ? injected.location : read(() => g.location)),
    history: () => (injected.history !== undefined ? injected.history : read(() => g.history)),
    logger: () => injected.logger ?? console,
  };
}

/** Navigates like `location.href = url`, preferring `assign` so tests can observe it. */
export function navigate(location: LocationLike, url: string): void {
  if (typeof location.assign === 'function') location.assign(url);
  else location.href = url;
}
