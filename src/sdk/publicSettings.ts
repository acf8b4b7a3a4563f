import { resolveGlobals } from './globals.ts';
import { createHttp, seg, type RequestOptions } from './http.ts';

/** The app's public settings, kept whole; `public_settings` is the access mode. */
export interface PublicSettings {
  id?: string;
  public_settings?: 'public_without_login' | 'public_with_login' | 'private_with_login' | (string & {});
  [field: string]: unknown;
}

/** Where to read public settings from; `fetch` defaults to the global one at call time. */
export interface FetchPublicSettingsOptions extends RequestOptions {
  serverUrl: string;
  appId: string;
  token?: string | null | undefined;
  fetch?: typeof globalThis.fetch;
}

/** GET {serverUrl}/api/apps/public/prod/public-settings/by-id/{appId}; failures reject with Base44Error. */
export async function fetchPublicSettings(options: FetchPublicSettingsOptions): Promise<PublicSettings> {
  const http = createHttp({
    serverUrl: options.serverUrl,
    appId: options.appId,
    getToken: () => options.token ?? null,
    // No X-Origin-URL here: this call sits outside the client and the template never sent one.
    globals: { ...resolveGlobals({ ...(options.fetch ? { fetch: options.fetch } : {}) }), location: () => null },
  });
  const { data } = await http<PublicSettings>({
    method: 'GET',
    absolutePath: true,
    path: `/api/apps/public/prod/public-settings/by-id/${seg(options.appId)}`,
    signal: options.signal,
    timeout: options.timeout,
  });
  return data;
}
