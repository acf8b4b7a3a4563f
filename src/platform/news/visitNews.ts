import { ENGAGEMENT_ENTITY, VISIT_IDLE_MS } from '../../../schemas/engagementPaths.ts';
import { QUESTION_ENTITY } from '../../../schemas/questionPaths.ts';
import { personRoom } from '../../../schemas/viewerPartner.ts';
import type { Broadcaster } from '../core/context.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { ServedVersion } from '../records/deckVersions.ts';
import type { NewsItem, PageRead } from './newsItems.ts';
import { tellNews } from './tellNews.ts';
import { pageName, pageOrder } from './pageNames.ts';

// A partner's visits as news, read from the visits presence keeps (presence_visits: opened when a tab
// connects after VISIT_IDLE_MS without a sign of them, seen at each report and close). The sweep
// claims each piece in the same transaction that keeps it, so of several processes one tells it.

/** What telling visits reads. */
export interface VisitNewsContext {
  db: Db;
  broadcaster: Pick<Broadcaster, 'reaches'>;
  servedVersion?: ServedVersion | null;
}

/** Partners who opened the deck for the first time since the last sweep: one piece of news each. Returns how many. */
export async function tellFirstOpens(ctx: VisitNewsContext, now: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const opened = await tx.query<{ app_id: string; user_id: string; first_opened_at: string }>(
      `INSERT INTO news_partners (app_id, user_id, first_opened_at, told_opened_at)
       SELECT p.app_id, p.user_id, p.opened_at, NULL FROM presence_visits p
         JOIN users u ON u.id = p.user_id AND u.app_id = p.app_id
        WHERE u.role <> 'admin'
       ON CONFLICT (app_id, user_id) DO NOTHING
       RETURNING app_id, user_id, first_opened_at`,
    );
    for (const row of opened.rows) await tellNews(tx, row.app_id, row.user_id, { kind: 'first_open', at: Number(row.first_opened_at) }, now);
    return opened.rows.length;
  });
}

/**
 * Visits over (VISIT_IDLE_MS since the partner's last sign, and no tab of theirs open) and not told
 * yet: one summary each. Returns how many.
 */
export async function tellFinishedVisits(ctx: VisitNewsContext, now: number): Promise<number> {
  const over = await ctx.db.query<{ app_id: string; user_id: string; opened_at: string; seen_at: string }>(
    `SELECT p.app_id, p.user_id, p.opened_at, p.seen_at FROM presence_visits p
       JOIN news_partners t ON t.app_id = p.app_id AND t.user_id = p.user_id
       JOIN users u ON u.id = p.user_id AND u.app_id = p.app_id
      WHERE u.role <> 'admin' AND p.seen_at <= $1 AND (t.told_opened_at IS NULL OR t.told_opened_at < p.opened_at)`,
    [now - VISIT_IDLE_MS],
  );
  let told = 0;
  for (const row of over.rows) {
    // A tab left open on one page sends no reports: the visit goes on while it is connected.
    if (await ctx.broadcaster.reaches(personRoom(row.user_id))) continue;
    const openedAt = Number(row.opened_at);
    const seenAt = Number(row.seen_at);
    told += await ctx.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `UPDATE news_partners SET told_opened_at = $3
          WHERE app_id = $1 AND user_id = $2 AND (told_opened_at IS NULL OR told_opened_at < $3) RETURNING user_id`,
        [row.app_id, row.user_id, openedAt],
      );
      if (claimed.rows.length === 0) return 0;
      await tellNews(tx, row.app_id, row.user_id, await visitSummary(tx, ctx.servedVersion, row.app_id, row.user_id, openedAt, seenAt), now);
      return 1;
    });
  }
  return told;
}

/** What a partner read in the visit opened at `openedAt`: their time per page (SlideView records) and the questions they asked. */
export async function visitSummary(
  db: Queryable,
  served: ServedVersion | null | undefined,
  appId: string,
  userId: string,
  openedAt: number,
  seenAt: number,
): Promise<Extract<NewsItem, { kind: 'visit' }>> {
  const since = new Date(openedAt).toISOString();
  const views = await db.query<{ path: string; ms: number }>(
    `SELECT data->>'path' AS path,
            sum(CASE WHEN jsonb_typeof(data->'ms') = 'number' AND (data->>'ms')::float8 > 0 THEN (data->>'ms')::float8 ELSE 0 END) AS ms
       FROM entities
      WHERE app_id = $1 AND entity = $2 AND data->>'created_by_id' = $3 AND data->>'created_date' >= $4
      GROUP BY 1`,
    [appId, ENGAGEMENT_ENTITY.view, userId, since],
  );
  const asked = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM entities WHERE app_id = $1 AND entity = $2 AND data->>'created_by_id' = $3 AND data->>'created_date' >= $4`,
    [appId, QUESTION_ENTITY, userId, since],
  );
  const pages: PageRead[] = views.rows
    .filter((row) => typeof row.path === 'string')
    .sort((a, b) => pageOrder(served, a.path) - pageOrder(served, b.path) || (a.path < b.path ? -1 : 1))
    .map((row) => ({ page: pageName(served, row.path), ms: Math.round(Number(row.ms)) }));
  const read = pages.reduce((sum, page) => sum + page.ms, 0);
  // Without recorded reading (recording switched off), the time the deck was open.
  const ms = read > 0 ? read : Math.max(0, seenAt - openedAt);
  return { kind: 'visit', opened_at: openedAt, seen_at: seenAt, ms, pages, questions: Number(asked.rows[0]?.n ?? 0) };
}
