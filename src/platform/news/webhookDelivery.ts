import { createHmac, randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS, WEBHOOK_RETRY_MINUTES } from '../../../schemas/newsPaths.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { NewsItem } from './newsItems.ts';
import { webhookOf } from './webhookStore.ts';

// The news as signed POSTs to the deck's webhook. Each piece is kept as a delivery in the database
// and sent by the news sweep; a failed attempt is tried again after 1, 5, 30, 120 and 720 minutes,
// then given up. The receiver checks the HMAC-SHA256 of `{timestamp}.{body}` with the deck's secret
// (docs/sharing.md, "Webhooks").

const MINUTE = 60_000;
/** How long an attempt holds its delivery: another process does not send it meanwhile. */
const ATTEMPT_LEASE_MS = 5 * MINUTE;
/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=` and the hex HMAC-SHA256, keyed with the secret, of the timestamp, a dot and the body. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The partner a delivery names. */
export interface NewsPartnerRef {
  id: string;
  email: string;
  full_name: string | null;
}

/** Keeps `item` about `partner` for the deck's webhook, when one is set; returns whether it was kept. */
export async function queueDelivery(db: Queryable, appId: string, partner: NewsPartnerRef, item: NewsItem, at: number): Promise<boolean> {
  if (!(await webhookOf(db, appId))) return false;
  const id = randomUUID();
  const event = WEBHOOK_EVENTS[item.kind];
  const { kind: _kind, ...data } = item;
  const body = JSON.stringify({
    id,
    event,
    at: new Date(at).toISOString(),
    deck: appId,
    partner: { id: partner.id, email: partner.email, name: partner.full_name },
    data,
  });
  await db.query('INSERT INTO news_deliveries (id, app_id, event, body, at, next_at) VALUES ($1, $2, $3, $4, $5, $5)', [id, appId, event, body, at]);
  return true;
}

/** One POST's outcome: the receiver's status, or why there was none. */
interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
}

async function post(url: string, secret: string, id: string, event: string, body: string, now: number): Promise<Attempt> {
  const timestamp = String(Math.floor(now / 1000));
  try {
    const reply = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'investor-deck-webhook',
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, body),
        [WEBHOOK_HEADERS.event]: event,
        [WEBHOOK_HEADERS.delivery]: id,
      },
      body,
      // A redirect is an answer, not a delivery: the signature was made for this address.
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await reply.body?.cancel().catch(() => undefined);
    const ok = reply.status >= 200 && reply.status < 300;
    return { ok, status: reply.status, error: ok ? null : `the receiver answered ${reply.status}` };
  } catch (error) {
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return { ok: false, status: null, error: reason.replace(/\s+/g, ' ').slice(0, 300) };
  }
}

/** Sends every delivery that is due (at most 50 a sweep); returns how many attempts were made. */
export async function deliverDue(db: Db, now: number): Promise<number> {
  const due = await db.query<{ id: string }>(`SELECT id FROM news_deliveries WHERE status = 'pending' AND next_at <= $1 ORDER BY seq LIMIT 50`, [now]);
  let attempts = 0;
  for (const { id } of due.rows) {
    const taken = await db.query<{ app_id: string; event: string; body: string; attempts: number }>(
      `UPDATE news_deliveries SET next_at = $3 WHERE id = $1 AND status = 'pending' AND next_at <= $2 RETURNING app_id, event, body, attempts`,
      [id, now, now + ATTEMPT_LEASE_MS],
    );
    const row = taken.rows[0];
    if (!row) continue;
    const hook = await webhookOf(db, row.app_id);
    const attempt = hook ? await post(hook.url, hook.secret, id, row.event, row.body, now) : { ok: false, status: null, error: 'no webhook is set' };
    const count = Number(row.attempts) + 1;
    const retryIn = WEBHOOK_RETRY_MINUTES[count - 1];
    const status = attempt.ok ? 'delivered' : hook && retryIn !== undefined ? 'pending' : 'failed';
    await db.query('UPDATE news_deliveries SET status = $2, attempts = $3, last_status = $4, last_error = $5, next_at = $6 WHERE id = $1', [
      id,
      status,
      count,
      attempt.status,
      attempt.error,
      status === 'pending' ? now + retryIn! * MINUTE : null,
    ]);
    attempts += 1;
  }
  return attempts;
}
