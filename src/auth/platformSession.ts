// Loaded only when the deck runs on the platform (see src/app/platformAppId.ts): the SDK lives here.
import { createClient, readAppParams, type Base44Client } from '../sdk/index.ts';
import { appStartReducer, initialAppStart, type AppStartState } from './appStart.ts';
import { leaveSignOutNotice } from './signOutNotice.ts';
import { startApp } from './startApp.ts';

/** A running app start on the platform: its state as it changes, and sign-out. */
export interface PlatformSession {
  /** Ends the session here and on the server, then goes to `returnTo` (the sign-in gate sends it on). */
  logout(returnTo?: string): Promise<void>;
  stop(): void;
}

/** Starts spec section 4's app start for `appId`, reporting every state to `onState`. */
export function startPlatformSession(
  appId: string,
  onState: (state: AppStartState) => void,
  onNotice: (message: string) => void,
): PlatformSession {
  const params = readAppParams({ defaults: { appId } });
  const client = createClient({ serverUrl: params.serverUrl ?? '', appId: params.appId ?? appId, token: params.token });
  const controller = new AbortController();
  let state = initialAppStart;
  void startApp({
    client,
    signal: controller.signal,
    dispatch: (event) => {
      state = appStartReducer(state, event);
      onState(state);
    },
    onLoginRequired: () => client.auth.redirectToLogin(window.location.href),
  });
  return {
    async logout(returnTo = window.location.href) {
      const revoked = await revokeOnServer(client);
      if (!revoked) {
        onNotice('The server could not be reached to end the session. You are signed out on this device.');
        await new Promise((resolve) => setTimeout(resolve, 2500));
      }
      leaveSignOutNotice();
      client.auth.logout(returnTo);
    },
    stop: () => controller.abort(),
  };
}

/**
 * Ends the token on the server too (the local platform's POST /auth/logout, which also clears its
 * session cookie). The hosted platform has no such call; a 404 there means there was nothing to end.
 */
async function revokeOnServer(client: Base44Client): Promise<boolean> {
  const { serverUrl, appId } = client.getConfig();
  const token = client.getToken();
  if (!token) return true;
  try {
    const response = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-App-Id': appId },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(5000),
    });
    return response.ok || response.status === 404 || response.status === 401;
  } catch {
    return false;
  }
}
