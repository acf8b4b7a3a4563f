import { NEWS_CALL, type NewsSettings, WEBHOOK_CALL, type WebhookState } from '../../schemas/newsPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

// The owners' mail choice and the deck's webhook: plain requests from the console's own chunk, so no
// viewer's first visit carries them. A failure carries the status and body fieldError reads.

async function call<T>(client: Base44Client, method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const { serverUrl, appId } = client.getConfig();
  const token = client.getToken();
  const reply = await fetch(`${serverUrl}/api/apps/${encodeURIComponent(appId)}${path}`, {
    method,
    headers: {
      'X-App-Id': appId,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = (await reply.json().catch(() => null)) as (T & { detail?: string }) | null;
  if (!reply.ok || !parsed) {
    throw Object.assign(new Error(parsed?.detail ?? `The platform answered ${reply.status}`), { status: reply.status, data: parsed ?? {} });
  }
  return parsed;
}

/** The signed-in admin's choice. */
export const fetchNewsSettings = (client: Base44Client) => call<NewsSettings>(client, 'GET', NEWS_CALL);

/** Sets the signed-in admin's choice; answers with it as stored. */
export const saveNewsSettings = (client: Base44Client, settings: NewsSettings) => call<NewsSettings>(client, 'PUT', NEWS_CALL, settings);

/** The deck's webhook and its latest deliveries. */
export const fetchWebhook = (client: Base44Client) => call<WebhookState>(client, 'GET', WEBHOOK_CALL);

/** Sets the webhook's address (a new secret when there was none or `newSecret`); the answer carries a new secret once. */
export const saveWebhook = (client: Base44Client, url: string, newSecret: boolean) =>
  call<WebhookState>(client, 'PUT', WEBHOOK_CALL, { url, new_secret: newSecret });

/** Removes the webhook. */
export const removeWebhook = (client: Base44Client) => call<WebhookState>(client, 'DELETE', WEBHOOK_CALL);
