import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_ENTITY, type DeviceKind, type SlideViewRecord } from '../../schemas/engagementPaths.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { createUser } from '../../src/platform/identity/users.ts';
import { deckPages } from './loadRun.ts';

const DEVICES: DeviceKind[] = ['desktop', 'desktop', 'tablet', 'phone'];

/** `viewers` × 17 slides × `visits` SlideView records, as viewers' pages would have sent them over the past days. */
export function seedRecords(viewers: ReadonlyArray<{ id: string; email: string }>, paths: readonly string[], visits: number, now: number): SlideViewRecord[] {
  const records: SlideViewRecord[] = [];
  viewers.forEach((viewer, v) => {
    for (let visit = 0; visit < visits; visit++) {
      const started = now - (visits - visit) * 86_400_000 - v * 60_000;
      const visitId = randomUUID();
      paths.forEach((path, s) => {
        records.push({
          id: randomUUID(),
          created_by: viewer.email,
          created_by_id: viewer.id,
          created_date: new Date(started + (s + 1) * 20_000).toISOString(),
          visit_id: visitId,
          visit_started_at: new Date(started).toISOString(),
          path,
          ms: 2000 + ((v * 31 + s * 17 + visit * 7) % 60) * 500,
          device: DEVICES[(v + visit) % DEVICES.length]!,
        });
      });
    }
  });
  return records;
}

/**
 * Seeds the console's benchmark: `viewers` invited users and their views of the built deck's first
 * 17 pages (the appendix left out, so the console names every slide), written straight into the
 * table 5,000 rows a statement (what the bulk route stores, without 200 sign-ins), then ANALYZE as
 * the platform runs after bulk creates (PGlite has no autovacuum).
 */
export async function seedConsole(
  db: Db,
  appId: string,
  staticDir: string,
  viewers: number,
  visits: number,
  /** Fills in what the platform adds as it stores a record (the versions part stamps each one's version). */
  stamp: (records: SlideViewRecord[]) => SlideViewRecord[] = (records) => records,
): Promise<{ viewers: number; records: number }> {
  const people: Array<{ id: string; email: string }> = [];
  for (let i = 0; i < viewers; i++) {
    const row = await createUser(db, { appId, email: `viewer${i + 1}@console.bench`, role: 'user', invited: true, emailVerified: true });
    people.push({ id: row.id, email: row.email });
  }
  const paths = deckPages(staticDir)
    .filter((path) => path !== '/coretechnology')
    .slice(0, 17);
  const records = stamp(seedRecords(people, paths, visits, Date.now()));
  for (let i = 0; i < records.length; i += 5000) {
    const chunk = records.slice(i, i + 5000).map((record) => ({ ...record, updated_date: record.created_date }));
    await db.query(`INSERT INTO entities (app_id, entity, id, data) SELECT $1, $2, doc->>'id', doc FROM jsonb_array_elements($3::jsonb) AS doc`, [
      appId,
      ENGAGEMENT_ENTITY.view,
      JSON.stringify(chunk),
    ]);
  }
  await db.exec('ANALYZE entities');
  return { viewers: people.length, records: records.length };
}
