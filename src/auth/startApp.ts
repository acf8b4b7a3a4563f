// The one edge function of the app start: it drives appStartReducer with the platform client.
import { Base44Error, createClient, fetchPublicSettings, type Base44Client, type LoggerLike, type PublicSettings } from '../sdk/index.ts';
import { appStartReducer, initialAppStart, type AppStartEvent, type AppStartState, type StartFailure } from './appStart.ts';

/** Options of startApp: a client, or the pieces to build one; plus the callbacks a hook binds. */
export interface StartAppOptions {
  /** The app's client; its server, app id and current token are used for the settings read. */
  client?: Base44Client;
  serverUrl?: string;
  appId?: string;
  token?: string | null;
  fetch?: typeof globalThis.fetch;
  /** Receives every event, in order (a React `useReducer` dispatch fits). */
  dispatch?: (event: AppStartEvent) => void;
  /** Called once when the start ends needing the login page (auth_required, or 401/403 on `me`). */
  onLoginRequired?: (state: AppStartState) => void;
  /** Where failures are logged; console by default. */
  logger?: LoggerLike;
  /** Stops dispatching once aborted, e.g. when the component unmounts. */
  signal?: AbortSignal;
  /** Pause before the one retry of public settings; 1000 ms by default, as the data-fetching default. */
  retryDelayMs?: number;
}

/** Reduces any thrown value to what the reducer's branches read. */
export function toStartFailure(error: unknown): StartFailure {
  if (error instanceof Base44Error) {
    const extra = (error.data as { extra_data?: { reason?: unknown } } | null)?.extra_data;
    const reason = typeof extra?.reason === 'string' ? extra.reason : undefined;
    return { status: error.status, reason, message: error.message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

// A 4xx is the server's answer (a 403 reason above all); only failures that may pass are retried.
const worthRetrying = (error: unknown): boolean => !(error instanceof Base44Error && error.status !== undefined && error.status < 500);

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The app start: settings (one retry on network/5xx), then `me` if a token exists; dispatches each step. */
export async function startApp(options: StartAppOptions): Promise<AppStartState> {
  const logger = options.logger ?? console;
  const client =
    options.client ??
    createClient({
      serverUrl: options.serverUrl ?? '',
      appId: options.appId ?? '',
      token: options.token ?? null,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  const { serverUrl, appId } = client.getConfig();
  const token = client.getToken() ?? options.token ?? null;

  let state = initialAppStart;
  const emit = (event: AppStartEvent): boolean => {
    if (options.signal?.aborted) return false;
    state = appStartReducer(state, event);
    options.dispatch?.(event);
    return true;
  };
  const finish = (): AppStartState => {
    if (state.loginRequired && !options.signal?.aborted) options.onLoginRequired?.(state);
    return state;
  };

  if (!emit({ type: 'started' })) return state;

  const read = (): Promise<PublicSettings> =>
    fetchPublicSettings({
      serverUrl,
      appId,
      token,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  let publicSettings: PublicSettings;
  try {
    try {
      publicSettings = await read();
    } catch (error) {
      if (!worthRetrying(error) || options.signal?.aborted) throw error;
      await pause(options.retryDelayMs ?? 1000);
      publicSettings = await read();
    }
  } catch (error) {
    // An unmount is not a load failure: nothing to log or show.
    if (options.signal?.aborted) return state;
    // A 403 is the gate's answer (sign in, not registered, access ended), no fault: the screens say it.
    if (!(error instanceof Base44Error && error.status === 403)) logger.error('App state check failed:', error);
    emit({ type: 'settings_failed', failure: toStartFailure(error) });
    return finish();
  }

  if (!emit({ type: 'settings_loaded', publicSettings, hasToken: Boolean(token) })) return state;
  if (!token) return finish();

  try {
    const user = await client.auth.me();
    emit({ type: 'user_loaded', user });
  } catch (error) {
    logger.error('User auth check failed:', error);
    emit({ type: 'user_failed', failure: toStartFailure(error) });
  }
  return finish();
}
