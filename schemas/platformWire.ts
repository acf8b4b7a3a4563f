// Facts the browser side (src/sdk, src/login, src/app) and the local platform (src/platform) must
// agree on, kept here because schemas/ is the one layer both may import.

/** The socket.io mount path of the platform (the path the platform's published client connects to). */
export const SOCKET_PATH = '/ws-user-apps/socket.io/';

/** The meta tag the platform writes into every page it serves, carrying the app id (`<meta name=… content=appId>`). */
export const APP_ID_META = 'base44-app-id';

/** The local-storage key an app parameter (`app_id`, `server_url`, …) is remembered under. */
export function paramStorageKey(param: string): string {
  return `base44_${param}`;
}

/** Both keys the platform's apps read the user token from; logout must remove both (protocol file, "Tokens"). */
export const TOKEN_STORAGE_KEYS = [paramStorageKey('access_token'), 'token'] as const;

/**
 * The optional acknowledgement of a socket `join` (or `leave`): a client that passes a callback
 * learns when the server has decided; one that does not (the published SDK) still gets the `error`
 * event on a refusal, as the protocol says.
 */
export interface RoomReply {
  room: string;
  ok: boolean;
  /** Why a join was refused. */
  detail?: string;
}
