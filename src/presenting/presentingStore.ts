// What this admin's tab is doing about presenting, shared by the header's buttons and the logic that
// acts on it (AdminPresenting): both live in the admins' lazy chunk, and the header may re-mount.

/** This tab's presenting state. */
export interface PresentingState {
  /** Followers on other devices move with this tab. */
  live: boolean;
  /** The last refusal or failure to tell the admin about, if any. */
  problem: string | null;
}

let state: PresentingState = { live: false, problem: null };
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

/** Opens the presenter window (the header's button and the P key). */
export function openPresenter(): void {
  if (presenterOpeners.size === 0) openWanted = true;
  presenterOpeners.forEach((open) => open());
}
