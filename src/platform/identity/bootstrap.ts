import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeckVisibility } from '../../../schemas/deckSettings.ts';
import { ensureApp } from './apps.ts';
import type { Db, Queryable } from '../db/db.ts';
import { hashPassword } from './passwords.ts';
import { randomToken } from './tokens.ts';
import { PASSWORD_GENERATED } from '../../../schemas/accessPaths.ts';
import { createUser, updateUser } from './users.ts';

/** Default email of the first admin when ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
/** File in DATA_DIR holding the generated service token, so `npm run invite` can reach the server. */
export const SERVICE_TOKEN_FILE = 'service-token';

/** What the first start created, for the start-up message (the password is shown only then). */
export interface BootstrapReport {
  appCreated: boolean;
  /** The first admin, when this start created them; null when an admin existed already. */
  admin: { email: string; name: string | null; generatedPassword: string | null } | null;
}

/** Creates the app on first start (and its first admin); later starts only refresh its visibility. */
export async function bootstrapApp(
  db: Db,
  appId: string,
  visibility: DeckVisibility,
  admin: { email?: string | undefined; password?: string | undefined; name?: string | undefined },
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
    // No stand-in name: mail and "… is presenting" would show it to partners. Without ADMIN_NAME the
    // console asks for the admin's name at the first sign-in.
    const name = admin.name?.trim() || null;
    const created = await createUser(tx, { appId, email, role: 'admin', invited: true, emailVerified: true, passwordHash, fullName: name });
    if (generatedPassword) await updateUser(tx, created.id, { data: { [PASSWORD_GENERATED]: true } });
    return { appCreated, admin: { email, name, generatedPassword } };
  });
}

/** Where this run's service token came from: SERVICE_TOKEN, the data folder's file, or generated now (kept there when there is one). */
export type ServiceTokenSource = 'environment' | 'data_folder' | 'generated';

/** The service token: the configured one, else the one kept in dataDir, else a new one (kept there). */
export function loadServiceToken(configured: string | undefined, dataDir: string | undefined): { token: string; source: ServiceTokenSource } {
  if (configured) return { token: configured, source: 'environment' };
  const file = dataDir ? join(dataDir, SERVICE_TOKEN_FILE) : null;
  if (file && existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), source: 'data_folder' };
  const token = randomToken();
  if (file) writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, source: 'generated' };
}
