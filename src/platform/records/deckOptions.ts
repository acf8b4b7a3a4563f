import { type DeckOptions, deckOptionsOf, ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../core/errors.ts';

// The deck's switches are one DeckOptions record per app. The platform reads it where a switch
// decides an answer (the stamped PDF); a second record would leave "which one counts" open, so
// creating one is refused while the first exists (admins change the first instead).

/** The app's switches: its DeckOptions record, or the defaults while there is none. */
export async function readDeckOptions(db: Queryable, appId: string): Promise<DeckOptions> {
  const result = await db.query<{ data: Partial<DeckOptions> }>('SELECT data FROM entities WHERE app_id = $1 AND entity = $2 ORDER BY seq LIMIT 1', [
    appId,
    ENGAGEMENT_ENTITY.options,
  ]);
  return deckOptionsOf(result.rows[0]?.data);
}

/** 400 `body: …` when the app already has its DeckOptions record (a create, never an update of it). */
export async function refuseSecondOptions(db: Queryable, appId: string, exceptId?: string): Promise<void> {
  if (exceptId !== undefined) return;
  const result = await db.query('SELECT 1 FROM entities WHERE app_id = $1 AND entity = $2 LIMIT 1', [appId, ENGAGEMENT_ENTITY.options]);
  if (result.rows.length > 0) throw badRequest('body', `${ENGAGEMENT_ENTITY.options} already has its record: update it instead`);
}
