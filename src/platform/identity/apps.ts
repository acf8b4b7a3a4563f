import type { DeckVisibility } from '../../../schemas/deckSettings.ts';
import { nowIso, type Queryable } from '../db/db.ts';

/** A hosted app: its id and who may open it. */
export interface AppRow {
  id: string;
  visibility: DeckVisibility;
  created_date: string;
}

/** The app with this id, or null. */
export async function findApp(db: Queryable, id: string): Promise<AppRow | null> {
  const result = await db.query<AppRow>('SELECT id, visibility, created_date FROM apps WHERE id = $1', [id]);
  return result.rows[0] ?? null;
}

/**
 * Creates the app, or updates its visibility to the configured one (deck.yaml and the environment
 * stay the source of truth across restarts). Returns whether it was created.
 */
export async function ensureApp(db: Queryable, id: string, visibility: DeckVisibility): Promise<boolean> {
  const result = await db.query<{ created: boolean }>(
    `INSERT INTO apps (id, visibility, created_date) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET visibility = EXCLUDED.visibility
     RETURNING (xmax = 0) AS created`,
    [id, visibility, nowIso()],
  );
  return result.rows[0]?.created ?? false;
}
