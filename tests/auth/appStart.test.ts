// The app-start reducer: every transition, and the events each phase ignores.
import { describe, expect, test } from 'vitest';
import { appStartReducer, initialAppStart, type settingsAuthError, type AppStartState } from '../../src/auth/appStart.ts';

const settings = { id: 'app-1', public_settings: 'public_with_login' };
const loadingUser = appStartReducer(initialAppStart, { type: 'settings_loaded', publicSettings: settings, hasToken: true });
const ready = appStartReducer(loadingUser, { type: 'user_loaded', user: { id: 'u1', role: 'admin' } });

describe('initial state', () => {
  test('both loading flags are set, nothing known yet', () => {
    expect(initialAppStart).toEqual({
      phase: 'loading_settings',
      isLoadingPublicSettings: true,
      isLoadingAuth: true,
      isAuthenticated: false,
      publicSettings: null,
      user: null,
      authError: null,
      loginRequired: false,
    });
  });

  test('started returns to the initial state from anywhere', () => {
    expect(appStartReducer(ready, { type: 'started' })).toBe(initialAppStart);
  });
});

describe('loading_settings', () => {
  test('settings_loaded with a token keeps settings and moves on to the user check', () => {
    expect(loadingUser).toMatchObject({
      phase: 'loading_user',
      publicSettings: settings,
      isLoadingPublicSettings: false,
      isLoadingAuth: true,
    });
  });

  test('settings_loaded without a token ends loading, unauthenticated', () => {
    expect(appStartReducer(initialAppStart, { type: 'settings_loaded', publicSettings: settings, hasToken: false })).toEqual({
      ...initialAppStart,
      phase: 'ready',
      publicSettings: settings,
      isLoadingPublicSettings: false,
      isLoadingAuth: false,
      isAuthenticated: false,
    });
  });

  const failed = (failure: Parameters<typeof settingsAuthError>[0]): AppStartState => appStartReducer(initialAppStart, { type: 'settings_failed', failure });

  test('403 auth_required: auth_required, login required, loading over', () => {
    expect(failed({ status: 403, reason: 'auth_required', message: 'x' })).toMatchObject({
      phase: 'failed',
      isLoadingPublicSettings: false,
      isLoadingAuth: false,
      authError: { type: 'auth_required', message: 'Authentication required' },
      loginRequired: true,
    });
  });

  test('403 user_not_registered: the not-registered state, no login redirect', () => {
    expect(failed({ status: 403, reason: 'user_not_registered', message: 'x' })).toMatchObject({
      phase: 'failed',
      authError: { type: 'user_not_registered', message: 'User not registered for this app' },
      loginRequired: false,
    });
  });

  test('403 with another reason keeps the reason as the type and the error message', () => {
    expect(failed({ status: 403, reason: 'app_suspended', message: 'This app is suspended' }).authError).toEqual({
      type: 'app_suspended',
      message: 'This app is suspended',
    });
  });

  test('any other failure: unknown, "Failed to load app", the original message kept as detail', () => {
    expect(failed({ status: 500, message: 'Internal Server Error' })).toMatchObject({
      phase: 'failed',
      isLoadingPublicSettings: false,
      isLoadingAuth: false,
      authError: { type: 'unknown', message: 'Failed to load app', detail: 'Internal Server Error' },
      loginRequired: false,
    });
  });

  test('a 403 without a reason is an "other failure" too', () => {
    expect(failed({ status: 403, message: 'Forbidden' }).authError?.type).toBe('unknown');
  });

  test('a failure without any message still says "Failed to load app"', () => {
    expect(failed({}).authError).toEqual({ type: 'unknown', message: 'Failed to load app' });
  });

  test('user events are ignored before the settings are in', () => {
    expect(appStartReducer(initialAppStart, { type: 'user_loaded', user: { id: 'u' } })).toBe(initialAppStart);
    expect(appStartReducer(initialAppStart, { type: 'user_failed', failure: { status: 401 } })).toBe(initialAppStart);
  });
});

describe('loading_user', () => {
  test('user_loaded: authenticated with the user and its role, loading over', () => {
    expect(ready).toMatchObject({
      phase: 'ready',
      user: { id: 'u1', role: 'admin' },
      isAuthenticated: true,
      isLoadingAuth: false,
      isLoadingPublicSettings: false,
      authError: null,
      loginRequired: false,
    });
  });

  test.each([401, 403])('user_failed with %i: unauthenticated and auth_required (go to login)', (status) => {
    expect(appStartReducer(loadingUser, { type: 'user_failed', failure: { status, message: 'x' } })).toMatchObject({
      phase: 'ready',
      isAuthenticated: false,
      isLoadingAuth: false,
      user: null,
      authError: { type: 'auth_required', message: 'Authentication required' },
      loginRequired: true,
    });
  });

  test('user_failed otherwise (500, network): unauthenticated, no auth error, no redirect', () => {
    expect(appStartReducer(loadingUser, { type: 'user_failed', failure: { status: 500 } })).toMatchObject({
      phase: 'ready',
      isAuthenticated: false,
      isLoadingAuth: false,
      authError: null,
      loginRequired: false,
    });
    expect(appStartReducer(loadingUser, { type: 'user_failed', failure: { message: 'Network Error' } }).loginRequired).toBe(false);
  });

  test('settings events are ignored once the user check runs', () => {
    expect(appStartReducer(loadingUser, { type: 'settings_failed', failure: { status: 500 } })).toBe(loadingUser);
    expect(appStartReducer(loadingUser, { type: 'settings_loaded', publicSettings: {}, hasToken: false })).toBe(loadingUser);
  });
});

describe('ready', () => {
  test('logged_out clears the user and authentication, keeping the settings', () => {
    expect(appStartReducer(ready, { type: 'logged_out' })).toMatchObject({
      user: null,
      isAuthenticated: false,
      publicSettings: settings,
    });
  });

  test('late user events are ignored', () => {
    expect(appStartReducer(ready, { type: 'user_loaded', user: { id: 'other' } })).toBe(ready);
    expect(appStartReducer(ready, { type: 'user_failed', failure: { status: 401 } })).toBe(ready);
  });
});

describe('ended (access revoked while the deck is open)', () => {
  const ended = appStartReducer(ready, { type: 'access_ended' });

  test('access_ended from ready: phase ended, no user, not authenticated, the access-ended error, no login redirect', () => {
    expect(ended).toEqual({
      ...ready,
      phase: 'ended',
      user: null,
      isAuthenticated: false,
      authError: { type: 'access_ended', message: 'Your access to this deck has ended' },
      loginRequired: false,
    });
  });

  test('access_ended ends any phase, loading flags cleared', () => {
    for (const from of [initialAppStart, loadingUser]) {
      expect(appStartReducer(from, { type: 'access_ended' })).toMatchObject({
        phase: 'ended',
        isLoadingPublicSettings: false,
        isLoadingAuth: false,
        loginRequired: false,
      });
    }
  });

  test('every event but started leaves ended as it is; started begins again', () => {
    const events = [
      { type: 'settings_loaded', publicSettings: settings, hasToken: true },
      { type: 'settings_failed', failure: { status: 403, reason: 'auth_required' } },
      { type: 'user_loaded', user: { id: 'u1' } },
      { type: 'user_failed', failure: { status: 401 } },
      { type: 'logged_out' },
      { type: 'access_ended' },
    ] as const;
    for (const event of events) expect(appStartReducer(ended, event)).toBe(ended);
    expect(appStartReducer(ended, { type: 'started' })).toBe(initialAppStart);
  });

  test('ended with the reason a reload kept, or none', () => {
    expect(appStartReducer(ready, { type: 'access_ended', endedBy: 'password_changed' }).authError).toEqual({
      type: 'access_ended',
      message: 'Your access to this deck has ended',
      endedBy: 'password_changed',
    });
    expect(appStartReducer(ready, { type: 'access_ended', endedBy: null }).authError).toEqual({
      type: 'access_ended',
      message: 'Your access to this deck has ended',
      endedBy: null,
    });
  });
});

describe('ended during the app start (an expired or revoked person)', () => {
  const endedShape = {
    phase: 'ended',
    user: null,
    isAuthenticated: false,
    isLoadingPublicSettings: false,
    isLoadingAuth: false,
    authError: { type: 'access_ended', message: 'Your access to this deck has ended' },
    loginRequired: false,
  };

  test('settings read answered 403 access_ended: the ended phase, not a load failure and not a login redirect', () => {
    const state = appStartReducer(initialAppStart, { type: 'settings_failed', failure: { status: 403, reason: 'access_ended', message: 'Access ended' } });
    expect(state).toEqual({ ...initialAppStart, ...endedShape });
  });

  test('`me` answered 403 access_ended: the ended phase, no user, settings kept', () => {
    const state = appStartReducer(loadingUser, { type: 'user_failed', failure: { status: 403, reason: 'access_ended' } });
    expect(state).toEqual({ ...loadingUser, ...endedShape });
    expect(state.publicSettings).toEqual(settings);
  });

  test('only a 403 with that reason ends access: the same reason on another status, or another 403 reason, does not', () => {
    expect(appStartReducer(initialAppStart, { type: 'settings_failed', failure: { status: 401, reason: 'access_ended' } }).phase).toBe('failed');
    expect(appStartReducer(loadingUser, { type: 'user_failed', failure: { status: 403, reason: 'user_not_registered' } })).toMatchObject({
      phase: 'ready',
      loginRequired: true,
    });
    expect(appStartReducer(loadingUser, { type: 'user_failed', failure: { status: 500, reason: 'access_ended' } })).toMatchObject({
      phase: 'ready',
      loginRequired: false,
    });
  });

  test('an access_ended answer that arrives after the start settled changes nothing', () => {
    expect(appStartReducer(ready, { type: 'user_failed', failure: { status: 403, reason: 'access_ended' } })).toBe(ready);
  });
});
