// The app start as a pure reducer: events in, state out, no fetch (startApp.ts drives it).
import { ACCESS_ENDED_REASON, type SessionStatus } from '../../schemas/accessPaths.ts';
import type { PublicSettings, User } from '../sdk/index.ts';

/** Why the gate stops: the two known reasons, `unknown`, `access_ended`, or the server's raw reason string. */
export type AuthErrorType = 'auth_required' | 'user_not_registered' | 'access_ended' | 'unknown' | (string & {});

/** The auth error the gate shows or acts on. */
export interface AuthError {
  type: AuthErrorType;
  message: string;
  /** The underlying failure's message when `message` is the generic 'Failed to load app'. */
  detail?: string;
  /** For `access_ended`: why, when the platform said (a password change, a sign-out elsewhere…). */
  endedBy?: SessionStatus['reason'];
}

/** Where the start is: settings first, then the user when a token exists; `ended` once access was revoked. */
export type AppStartPhase = 'loading_settings' | 'loading_user' | 'ready' | 'failed' | 'ended';

/** Everything the gate reads. */
export interface AppStartState {
  phase: AppStartPhase;
  isLoadingPublicSettings: boolean;
  isLoadingAuth: boolean;
  isAuthenticated: boolean;
  publicSettings: PublicSettings | null;
  user: User | null;
  authError: AuthError | null;
  /** True when the gate must send the user to the login page (auth_required). */
  loginRequired: boolean;
}

/** A failed call reduced to what the app start's branches look at. */
export interface StartFailure {
  status?: number | undefined;
  /** `extra_data.reason` of a 403 body. */
  reason?: string | undefined;
  message?: string | undefined;
}

/** The events of the app start. */
export type AppStartEvent =
  | { type: 'started' }
  | { type: 'settings_loaded'; publicSettings: PublicSettings; hasToken: boolean }
  | { type: 'settings_failed'; failure: StartFailure }
  | { type: 'user_loaded'; user: User }
  | { type: 'user_failed'; failure: StartFailure }
  | { type: 'logged_out' }
  /** The server revoked this viewer's access (account deleted, invitation revoked, signed out elsewhere), `endedBy` says why when known. */
  | { type: 'access_ended'; endedBy?: SessionStatus['reason'] };

/** Both loading flags set: the gate shows its spinner until the start settles. */
export const initialAppStart: AppStartState = {
  phase: 'loading_settings',
  isLoadingPublicSettings: true,
  isLoadingAuth: true,
  isAuthenticated: false,
  publicSettings: null,
  user: null,
  authError: null,
  loginRequired: false,
};

const AUTH_REQUIRED: AuthError = { type: 'auth_required', message: 'Authentication required' };

/** What the access-ended screen says. */
export const ACCESS_ENDED: AuthError = { type: 'access_ended', message: 'Your access to this deck has ended' };

/** The auth error of a failed public-settings read. */
export function settingsAuthError(failure: StartFailure): AuthError {
  if (failure.status === 403 && failure.reason) {
    if (failure.reason === 'auth_required') return AUTH_REQUIRED;
    if (failure.reason === 'user_not_registered') {
      return { type: 'user_not_registered', message: 'User not registered for this app' };
    }
    return { type: failure.reason, message: failure.message || 'Failed to load app' };
  }
  return failure.message ? { type: 'unknown', message: 'Failed to load app', detail: failure.message } : { type: 'unknown', message: 'Failed to load app' };
}

const settled = { isLoadingPublicSettings: false, isLoadingAuth: false } as const;

/** A 403 saying this person's access ended (expired or revoked): the ended screen, never content. */
export function isAccessEnded(failure: StartFailure): boolean {
  return failure.status === 403 && failure.reason === ACCESS_ENDED_REASON;
}

function ended(state: AppStartState, endedBy?: SessionStatus['reason']): AppStartState {
  // null too: the platform was asked once and could not say (the ended screen does not ask again).
  const authError = endedBy !== undefined ? { ...ACCESS_ENDED, endedBy } : ACCESS_ENDED;
  return { ...state, ...settled, phase: 'ended', user: null, isAuthenticated: false, authError, loginRequired: false };
}

/** The app-start reducer; events that do not fit the current phase leave the state unchanged. */
export function appStartReducer(state: AppStartState, event: AppStartEvent): AppStartState {
  // Ended is final for this page: only a new start (a fresh sign-in) leaves it.
  if (state.phase === 'ended' && event.type !== 'started') return state;
  switch (event.type) {
    case 'started':
      return initialAppStart;
    case 'access_ended':
      // From any phase: the deck must stop showing content whatever it was doing, and never redirect on its own.
      return ended(state, event.endedBy);
    case 'settings_loaded':
      if (state.phase !== 'loading_settings') return state;
      return event.hasToken
        ? { ...state, phase: 'loading_user', publicSettings: event.publicSettings, isLoadingPublicSettings: false }
        : { ...state, ...settled, phase: 'ready', publicSettings: event.publicSettings, isAuthenticated: false };
    case 'settings_failed': {
      if (state.phase !== 'loading_settings') return state;
      if (isAccessEnded(event.failure)) return ended(state);
      const authError = settingsAuthError(event.failure);
      return { ...state, ...settled, phase: 'failed', authError, loginRequired: authError.type === 'auth_required' };
    }
    case 'user_loaded':
      if (state.phase !== 'loading_user') return state;
      return { ...state, ...settled, phase: 'ready', user: event.user, isAuthenticated: true };
    case 'user_failed': {
      if (state.phase !== 'loading_user') return state;
      if (isAccessEnded(event.failure)) return ended(state);
      // The user is unauthenticated either way; only 401/403 mean "go sign in".
      const denied = event.failure.status === 401 || event.failure.status === 403;
      return {
        ...state,
        ...settled,
        phase: 'ready',
        user: null,
        isAuthenticated: false,
        authError: denied ? AUTH_REQUIRED : null,
        loginRequired: denied,
      };
    }
    case 'logged_out':
      return { ...state, user: null, isAuthenticated: false };
  }
}
