import { ENGAGEMENT_ENTITY, TALLY_RECENT_MS } from '../../../schemas/engagementPaths.ts';
import type { Queryable } from '../db/db.ts';

// The SlideView records of one app as the console needs them (schemas/engagementPaths.ts,
// ViewTally). The database keeps the sums as records are written (migration 7: view_cells,
// view_visits; migration 11: each visit's version), so 34,000 records are read as ~5,000 rows; the ids of recent records come from the
// created_date index. The same SQL runs on PGlite and on a Postgres server.
const TALLY_SQL = `
  SELECT json_build_object(
    'records', (SELECT COALESCE(sum(records), 0) FROM view_visits WHERE app_id = $1),
    'viewers', COALESCE((
      SELECT json_agg(json_build_object('viewer', w.viewer, 'email', w.email, 'visits', w.visits,
                                        'cells', (SELECT json_agg(json_build_array(c.path, c.ms)) FROM view_cells AS c
                                                   WHERE c.app_id = $1 AND c.viewer = w.viewer)))
        FROM (SELECT viewer, min(email) AS email, json_agg(json_build_array(visit, started, last, device, ms, version)) AS visits
                FROM view_visits WHERE app_id = $1 GROUP BY viewer) AS w), '[]'::json),
    'recent', COALESCE((SELECT json_agg(id) FROM entities
                         WHERE app_id = $1 AND entity = $2 AND data #> '{created_date}'::text[] >= to_jsonb($3::text)), '[]'::json)
  )::text AS tally`;

/** Every SlideView record of `appId`, summed (ViewTally), as JSON text. Callers check SlideView's read rule first. */
export async function viewTallyJson(db: Queryable, appId: string, now: Date = new Date()): Promise<string> {
  const since = new Date(now.getTime() - TALLY_RECENT_MS).toISOString();
  const result = await db.query<{ tally: string }>(TALLY_SQL, [appId, ENGAGEMENT_ENTITY.view, since]);
  return result.rows[0]!.tally;
}
