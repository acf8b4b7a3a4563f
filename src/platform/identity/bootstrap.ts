import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeckVisibility } from '../../../schemas/deckSettings.ts';
import { ensureApp } from './apps.ts';
import type { Db, Queryable } from '../db/db.ts';
import { hashPassword } from './passwords.ts';
import { randomToken } from './tokens.ts';
import { createUser } from './users.ts';

/** Default email of the first admin when ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
/** File in DATA_DIR holding the generated service token, so `npm run invite` can reach the server. */
export const SERVICE_TOKEN_FILE = 'service-token';

/** What the first start created, for the start-up message (the password is shown only then). */
export interface BootstrapReport {
  appCreated: boolean;
  admin: { email: string; generatedPassword: string | null } | null;
}

/** Creates the app on first start (and its first admin); later starts only refresh its visibility. */
export async function bootstrapApp(
  db: Db,
  appId: string,
  visibility: DeckVisibility,
  admin: { email?: string | undefined; password?: string | undefined },
): Promise<BootstrapReport> {
  const hasAdmin = async (tx: Queryable) => (await tx.query('SELECT 1 FROM users WHERE app_id = $1 AND role = $2 LIMIT 1', [appId, 'admin'])).rows.length > 0;
  if (await hasAdmin(db)) return { appCreated: await ensureApp(db, appId, visibility), admin: null };
  const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = admin.password ? null : randomBytes(12).toString('base64url');
  // Hashed before the transaction, so processes starting together hold the lock for milliseconds.
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!);
  return db.transaction(async (tx) => {
    // Processes starting together on one Postgres server: one creates the admin, the others see it.
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`bootstrap:${appId}`]);
    const appCreated = await ensureApp(tx, appId, visibility);
    if (await hasAdmin(tx)) return { appCreated, admin: null };
    await createUser(tx, { appId, email, role: 'admin', invited: true, emailVerified: true, passwordHash, fullName: 'Admin' });
    return { appCreated, admin: { email, generatedPassword } };
  });
}

/** The service token: the configured one, else the one kept in dataDir, else a new one (kept there). */
export function loadServiceToken(configured: string | undefined, dataDir: string | undefined): { token: string; generated: boolean } {
  if (configured) return { token: configured, generated: false };
  const file = dataDir ? join(dataDir, SERVICE_TOKEN_FILE) : null;
  if (file && existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), generated: false };
  const token = randomToken();
  if (file) writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true };
}
