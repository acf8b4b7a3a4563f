import type { Db } from '../db/db.ts';
import { type MailContext, sendMail } from '../mail/outbox.ts';
import type { NewsItem } from './newsItems.ts';
import { type NewsPartner, newsDraft } from './newsDraft.ts';
import { newsOwners } from './newsPrefs.ts';

// Sends each owner the news kept for them about each partner, at most one mail an hour per owner
// and partner: news that comes within the hour waits and goes out together in the next one.

/** The shortest time between two mails to one owner about one partner. */
export const NEWS_MAIL_EVERY_MS = 60 * 60 * 1000;

/** Raised inside a transaction to roll it back when there was nothing to take. */
class NothingWaiting extends Error {}

/** What sending the news needs: the database and the mail. */
export interface NewsMailContext extends MailContext {
  db: Db;
}

/**
 * One mail per owner and partner whose news waits and whose last mail is an hour old (or none).
 * The hour and the news are taken in one transaction, so of several processes one sends it.
 * Returns the number of mails sent.
 */
export async function mailWaitingNews(ctx: NewsMailContext, now: number): Promise<number> {
  const due = await ctx.db.query<{ app_id: string; owner_id: string; partner_id: string }>(
    `SELECT DISTINCT w.app_id, w.owner_id, w.partner_id FROM news_waiting w
      WHERE NOT EXISTS (SELECT 1 FROM news_mailed m
                         WHERE m.app_id = w.app_id AND m.owner_id = w.owner_id AND m.partner_id = w.partner_id AND m.at > $1)`,
    [now - NEWS_MAIL_EVERY_MS],
  );
  let sent = 0;
  for (const pair of due.rows) {
    const items = await take(ctx.db, pair.app_id, pair.owner_id, pair.partner_id, now);
    if (items.length === 0) continue;
    // Checked as the mail goes: an owner who switched the mail off, or is no longer an admin, gets none.
    const owner = (await newsOwners(ctx.db, pair.app_id)).find((one) => one.id === pair.owner_id);
    const partner = await ctx.db.query<NewsPartner>('SELECT email, full_name, prepared_for FROM users WHERE id = $1 AND app_id = $2', [
      pair.partner_id,
      pair.app_id,
    ]);
    if (!owner || !partner.rows[0]) continue;
    await sendMail(ctx, pair.app_id, newsDraft(ctx.publicUrl(), owner.email, partner.rows[0], items));
    sent += 1;
  }
  return sent;
}

// The owner's hour for this partner and every piece of news waiting, or nothing when another process took them.
async function take(db: Db, appId: string, ownerId: string, partnerId: string, now: number): Promise<NewsItem[]> {
  try {
    return await db.transaction(async (tx) => {
      const hour = await tx.query(
        `INSERT INTO news_mailed (app_id, owner_id, partner_id, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (app_id, owner_id, partner_id) DO UPDATE SET at = EXCLUDED.at WHERE news_mailed.at <= $5
         RETURNING at`,
        [appId, ownerId, partnerId, now, now - NEWS_MAIL_EVERY_MS],
      );
      if (hour.rows.length === 0) return [];
      const rows = await tx.query<{ id: string; detail: NewsItem }>(
        'DELETE FROM news_waiting WHERE app_id = $1 AND owner_id = $2 AND partner_id = $3 RETURNING id, detail',
        [appId, ownerId, partnerId],
      );
      if (rows.rows.length === 0) throw new NothingWaiting();
      return rows.rows.sort((a, b) => Number(a.id) - Number(b.id)).map((row) => row.detail);
    });
  } catch (error) {
    if (error instanceof NothingWaiting) return [];
    throw error;
  }
}
