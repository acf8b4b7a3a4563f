import { type DatabaseLocation, type Db, openDatabase } from './db/db.ts';
import { type Migration, STORE_MIGRATIONS } from './db/migrations.ts';
import { ENGAGEMENT_MIGRATIONS } from './engagement/engagementSchema.ts';
import { NEWS_MIGRATIONS } from './news/newsSchema.ts';

/** Every step of the platform's schema, the store's own and each feature's, in version order. */
export const MIGRATIONS: readonly Migration[] = [...STORE_MIGRATIONS, ...ENGAGEMENT_MIGRATIONS, ...NEWS_MIGRATIONS].sort((a, b) => a.version - b.version);

/** Opens the platform's database (db.ts openDatabase) with its whole schema applied. */
export function openPlatformDatabase(location: DatabaseLocation = {}): Promise<Db> {
  return openDatabase(location, MIGRATIONS);
}
