import { randomBytes } from 'node:crypto';
import type { WebhookDelivery, WebhookState } from '../../../schemas/newsPaths.ts';
import { badRequest } from '../core/errors.ts';
import type { Queryable } from '../db/db.ts';

// The deck's webhook: one address per deck, set by an admin, and the secret that signs every
// delivery. The secret is made here and shown once, in the answer of the change that made it; after
// that only the server reads it.

/** The longest address a webhook may have. */
export const WEBHOOK_URL_MAX = 2000;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The address as stored, or a 400 naming `url`: https, or http only to this machine (a receiver under test). */
export function webhookUrlOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw badRequest('url', 'is required: the https address that receives the news');
  const text = value.trim();
  if (text.length > WEBHOOK_URL_MAX) throw badRequest('url', `must be at most ${WEBHOOK_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('url', 'is not an address (https://…)');
  }
  if (url.username || url.password) throw badRequest('url', 'must not carry a user or password: the signature proves the sender');
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) throw badRequest('url', 'must be https (http only to this machine, for testing)');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('url', 'must be https');
  if (url.hash) throw badRequest('url', 'must not have a #fragment');
  return url.toString();
}

/** A new signing secret: 32 random bytes, written so it is copied whole. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The deck's webhook with its secret, for a delivery; null without one. */
export async function webhookOf(db: Queryable, appId: string): Promise<{ url: string; secret: string } | null> {
  const row = await db.query<{ url: string; secret: string }>('SELECT url, secret FROM news_webhooks WHERE app_id = $1', [appId]);
  return row.rows[0] ?? null;
}

/**
 * Sets the deck's webhook to `url`. A new secret is made when there was none or `newSecret` asks,
 * and returned (the one time it is); otherwise the secret stays and null is returned.
 */
export async function setWebhook(db: Queryable, appId: string, url: string, by: string, newSecret: boolean): Promise<string | null> {
  const made = newWebhookSecret();
  const row = await db.query<{ secret: string }>(
    `INSERT INTO news_webhooks (app_id, url, secret, set_at, set_by) VALUES ($1, $2, $3, now(), $4)
     ON CONFLICT (app_id) DO UPDATE SET url = EXCLUDED.url, set_at = now(), set_by = EXCLUDED.set_by,
       secret = CASE WHEN $5 THEN EXCLUDED.secret ELSE news_webhooks.secret END
     RETURNING secret`,
    [appId, url, made, by, newSecret],
  );
  return row.rows[0]?.secret === made ? made : null;
}

/** Removes the deck's webhook; pending deliveries then fail at their next attempt. Returns whether there was one. */
export async function removeWebhook(db: Queryable, appId: string): Promise<boolean> {
  const removed = await db.query('DELETE FROM news_webhooks WHERE app_id = $1 RETURNING app_id', [appId]);
  return removed.rows.length > 0;
}

const iso = (ms: string | number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The deck's webhook as the console reads it: never the secret; the latest 50 deliveries. */
export async function webhookState(db: Queryable, appId: string): Promise<WebhookState> {
  const hook = await db.query<{ url: string; set_at: string | Date; set_by: string | null }>(
    'SELECT url, set_at, set_by FROM news_webhooks WHERE app_id = $1',
    [appId],
  );
  const rows = await db.query<WebhookDelivery>(
    `SELECT id, event, at, status, attempts, last_status, last_error, next_at FROM news_deliveries
      WHERE app_id = $1 ORDER BY seq DESC LIMIT 50`,
    [appId],
  );
  const deliveries: WebhookDelivery[] = rows.rows.map((row) => ({
    id: row.id,
    event: row.event,
    at: iso(row.at)!,
    status: row.status,
    attempts: Number(row.attempts),
    last_status: row.last_status === null ? null : Number(row.last_status),
    last_error: row.last_error,
    next_at: row.status === 'pending' ? iso(row.next_at) : null,
  }));
  const set = hook.rows[0];
  return {
    url: set?.url ?? null,
    set_at: set ? new Date(set.set_at).toISOString() : null,
    set_by: set?.set_by ?? null,
    deliveries,
  };
}
