import type { Queryable } from '../db/db.ts';
import { newsOwners } from './newsPrefs.ts';

// One piece of news about a partner, as it waits for an owner's next mail. Pages are named as the
// partner read them (pageNames.ts) when the news is made, so a later build cannot rename them.

/** A page of a visit and the time read on it. */
export interface PageRead {
  page: string;
  ms: number;
}

/** What happened, with what the mail says of it. */
export type NewsItem =
  | { kind: 'first_open'; at: number }
  | { kind: 'visit'; opened_at: number; seen_at: number; ms: number; pages: PageRead[]; questions: number }
  | { kind: 'question'; at: number; page: string; question: string; figure: string | null };

/** A piece of news as stored for one owner about one partner. */
export interface WaitingNews {
  id: string;
  item: NewsItem;
}

/**
 * Keeps `item` about `partnerId` for every admin of the app who is mailed the news; `at` orders it.
 * Returns the owners it was kept for.
 */
export async function addNews(db: Queryable, appId: string, partnerId: string, item: NewsItem, at: number): Promise<number> {
  const owners = await newsOwners(db, appId);
  for (const owner of owners) {
    await db.query('INSERT INTO news_waiting (app_id, owner_id, partner_id, kind, detail, at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)', [
      appId,
      owner.id,
      partnerId,
      item.kind,
      JSON.stringify(item),
      at,
    ]);
  }
  return owners.length;
}
