import type { Queryable } from '../db/db.ts';

// Each admin chooses for themself whether partners' reading and questions reach their mailbox. Without
// a choice they are mailed: an owner learns that a partner read the deck without having to look.

/** Whether `userId` is mailed the news (their choice, else yes). */
export async function mailsNews(db: Queryable, appId: string, userId: string): Promise<boolean> {
  const row = await db.query<{ mail: boolean }>('SELECT mail FROM news_prefs WHERE app_id = $1 AND user_id = $2', [appId, userId]);
  return row.rows[0]?.mail ?? true;
}

/** Records `userId`'s choice; returns whether it changed anything. */
export async function chooseNewsMail(db: Queryable, appId: string, userId: string, mail: boolean): Promise<boolean> {
  const before = await mailsNews(db, appId, userId);
  await db.query(
    `INSERT INTO news_prefs (app_id, user_id, mail) VALUES ($1, $2, $3)
     ON CONFLICT (app_id, user_id) DO UPDATE SET mail = EXCLUDED.mail`,
    [appId, userId, mail],
  );
  return before !== mail;
}

/** One owner the news goes to. */
export interface NewsOwner {
  id: string;
  email: string;
}

/** The app's admins whose access stands and who are mailed the news, oldest first. */
export async function newsOwners(db: Queryable, appId: string): Promise<NewsOwner[]> {
  const result = await db.query<NewsOwner>(
    `SELECT u.id, u.email FROM users u
      WHERE u.app_id = $1 AND u.role = 'admin' AND u.revoked_at IS NULL AND (u.expires_at IS NULL OR u.expires_at > now())
        AND COALESCE((SELECT p.mail FROM news_prefs p WHERE p.app_id = u.app_id AND p.user_id = u.id), true)
      ORDER BY u.created_date, u.id`,
    [appId],
  );
  return result.rows;
}
