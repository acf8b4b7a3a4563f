// Facts of presenting that the deck, the presenter window, the build and the local
// platform must agree on: the present-mode parameter, speaker notes' one home, follow-me over the
// socket. No zod here: the viewer's first visit may import this file.

/** `?mode=present` opens the deck in present mode. */
export const PRESENT_MODE_PARAM = 'mode';
export const PRESENT_MODE_VALUE = 'present';

/** The local-storage key of the reading view's zoom level, so it survives a reload. */
export const ZOOM_STORAGE_KEY = 'deck_zoom';

/** The BroadcastChannel that keeps the presenter window and the deck window on the same slide (same browser). */
export const PRESENTER_CHANNEL = 'deck-presenter';

/**
 * A message on PRESENTER_CHANNEL: the sender moved to `path`. `pair` names the one deck tab and the
 * presenter window it opened: every other tab of the browser (the console, a tab an admin reads in)
 * hears the channel too, and must not move with them.
 */
export interface PresenterMessage {
  type: 'goto';
  pair: string;
  path: string;
}

/**
 * Where speaker notes live after the build: a JSON file `{ [path]: notesText }` beside dist/, never in
 * dist/ (no static host and no gated chunk serves it). The local platform gives it to admins only
 * through PRESENTING_CALL.notes.
 */
export const NOTES_FILE = 'notes.json';
export const NOTES_DIR = 'dist-server';

/** Paths below `/api/apps/{appId}` the local platform adds for presenting; admins only. */
export const PRESENTING_CALL = {
  /** GET → `{ notes: Record<path, string> }`. Admin. */
  notes: '/presenting/notes',
  /** POST `{ path }` → `{ path, presenter }` (start or move), or `{ stop: true }` → `{ stopped: true }`. Admin. */
  drive: '/presenting/drive',
} as const;

/** Socket event an admin's deck emits while presenting: `{ path }` moves every follower; `{ stop: true }` ends it. Non-admins are refused. */
export const FOLLOW_DRIVE_EVENT = 'follow:drive';

/** The room every admitted viewer may join to learn where the presenter is (FollowState as `update_model` data). */
export function followRoom(appId: string): string {
  return `follow:${appId}`;
}

/** Where the presenter is: `path` null when nobody presents. Joining the room sends the current state at once. */
export interface FollowState {
  path: string | null;
  /** The presenting admin's display name (never their email to viewers). */
  presenter: string | null;
  /** ISO instant of the last move. */
  at: string | null;
}
