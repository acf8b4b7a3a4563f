import { NEWS_CALL, type NewsSettings } from '../../schemas/newsPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

// The owners' mail choice: plain requests from the console's own chunk, so no viewer's first visit
// carries them.

async function call(client: Base44Client, method: 'GET' | 'PUT', body?: NewsSettings): Promise<NewsSettings> {
  const { serverUrl, appId } = client.getConfig();
  const token = client.getToken();
  const reply = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}${NEWS_CALL}`, {
    method,
    headers: {
      'X-App-Id': appId,
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const parsed = (await reply.json().catch(() => null)) as (NewsSettings & { detail?: string }) | null;
  if (!reply.ok || !parsed) throw new Error(parsed?.detail ?? `The platform answered ${reply.status}`);
  return { mail: parsed.mail };
}

/** The signed-in admin's choice. */
export const fetchNewsSettings = (client: Base44Client) => call(client, 'GET');

/** Sets the signed-in admin's choice; answers with it as stored. */
export const saveNewsSettings = (client: Base44Client, settings: NewsSettings) => call(client, 'PUT', settings);
