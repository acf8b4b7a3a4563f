// What this admin's tab is doing about presenting, shared by the header's buttons and the logic that
// acts on it (AdminPresenting): both live in the admins' lazy chunk, and the header may re-mount.

/** This tab's presenting state. */
export interface PresentingState {
  /** Followers on other devices move with this tab. */
  live: boolean;
  /** The last refusal or failure to tell the admin about, if any. */
  problem: string | null;
  /** "Who is this presentation for?" is open, before present mode or followers start. */
  asking: 'present' | 'follow' | null;
}

// A reload keeps presenting: the tab drives again at once, within the platform's grace period.
const LIVE_KEY = 'deck_presenting_live';
let state: PresentingState = { live: readLive(), problem: null, asking: null };
const listeners = new Set<() => void>();
const presenterOpeners = new Set<() => void>();
// P pressed before the deck's presenting logic had loaded: it opens the window as soon as it has.
let openWanted = false;

/** The current state (stable between changes, for useSyncExternalStore). */
export function presentingState(): PresentingState {
  return state;
}

/** Changes the state and tells every subscriber. */
export function setPresenting(change: Partial<PresentingState>): void {
  state = { ...state, ...change };
  try {
    if (state.live) sessionStorage.setItem(LIVE_KEY, '1');
    else sessionStorage.removeItem(LIVE_KEY);
  } catch {
    // Storage denied: a reload simply ends presenting.
  }
  listeners.forEach((listener) => listener());
}

/** Runs `listener` after each change; returns the unsubscribe. */
export function subscribePresenting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers how the presenter window opens (AdminPresenting knows where the deck is); returns the undo. */
export function onOpenPresenter(open: () => void): () => void {
  presenterOpeners.add(open);
  if (openWanted) {
    openWanted = false;
    open();
  }
  return () => presenterOpeners.delete(open);
}

/** Asks who the presentation is for, then starts present mode or followers (AdminPresenting answers). */
export function askAudience(start: 'present' | 'follow'): void {
  setPresenting({ asking: start });
}

/** Opens the presenter window (the header's button and the P key). */
export function openPresenter(): void {
  if (presenterOpeners.size === 0) openWanted = true;
  presenterOpeners.forEach((open) => open());
}

function readLive(): boolean {
  try {
    return sessionStorage.getItem(LIVE_KEY) === '1';
  } catch {
    return false;
  }
}
