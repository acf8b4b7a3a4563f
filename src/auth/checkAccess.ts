import { Base44Error, fetchPublicSettings, type Base44Client } from '../sdk/index.ts';

/** `ended` only on the server's own 401/403; a network failure or a 5xx proves nothing either way. */
export type AccessVerdict = 'admitted' | 'ended' | 'unknown';

/**
 * Asks the platform whether this client's viewer may still see the deck: `me` (the account and its
 * token live) and the app's settings with that token (still registered for a private deck).
 */
export async function checkAccess(client: Base44Client): Promise<AccessVerdict> {
  const { serverUrl, appId } = client.getConfig();
  const token = client.getToken();
  if (!token) return 'ended';
  try {
    await client.auth.me();
    await fetchPublicSettings({ serverUrl, appId, token, timeout: 10_000 });
    return 'admitted';
  } catch (error) {
    const status = error instanceof Base44Error ? error.status : undefined;
    return status === 401 || status === 403 ? 'ended' : 'unknown';
  }
}
