import type { Queryable } from '../db/db.ts';
import { addNews, type NewsItem } from './newsItems.ts';
import { queueDelivery } from './webhookDelivery.ts';

/**
 * Tells `item` about `partnerId`: kept for each owner's next mail and, when the deck has a webhook,
 * as a delivery. Returns whether anything now waits for the sweep.
 */
export async function tellNews(db: Queryable, appId: string, partnerId: string, item: NewsItem, at: number): Promise<boolean> {
  const owners = await addNews(db, appId, partnerId, item, at);
  const partner = await db.query<{ id: string; email: string; full_name: string | null }>(
    'SELECT id, email, full_name FROM users WHERE id = $1 AND app_id = $2',
    [partnerId, appId],
  );
  const delivered = partner.rows[0] ? await queueDelivery(db, appId, partner.rows[0], item, at) : false;
  return owners > 0 || delivered;
}
