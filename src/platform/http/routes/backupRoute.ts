import { Hono } from 'hono';
import { takeBackup } from '../../files/backup.ts';
import { type AppEnv, serviceOnly } from '../../identity/admission.ts';
import { badRequest } from '../../core/errors.ts';
import { auditRequest } from '../../records/auditLog.ts';
import type { PlatformContext } from '../platformContext.ts';

/** Below `/api/apps/{appId}`: the running server's own backup, for `npm run backup` (service role only). */
export const BACKUP_CALL = '/platform/backup';

/** The header in which `npm run backup` says who took the backup (the account and machine it ran on). */
export const BACKUP_BY_HEADER = 'X-Backup-By';

/**
 * BACKUP_CALL: a PGlite DATA_DIR is open in this process only, so `npm run backup`
 * asks the process that holds it, with the service token. The answer is the backup file's bytes,
 * taken between two statements: every write acknowledged before it began is in it. Mounted at BACKUP_CALL.
 */
export function backupRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const backup = new Hono<AppEnv>();
  // The whole database, every app's: nobody but the operator's service token, not even an admin.
  backup.post('/', serviceOnly('take a backup', 'npm run backup'), async (c) => {
    if (!ctx.db.dumpFolder) throw badRequest('database', 'is a Postgres server: back it up with pg_dump (see "Backups" in docs/operating.md)');
    const started = Date.now();
    const by = c.req.header(BACKUP_BY_HEADER)?.trim().slice(0, 200) || null;
    // A backup holds every password hash and the service token: the log says who took one, before it is taken.
    await auditRequest(ctx, c, { appId: c.get('app').id, action: 'backup_taken', actor: c.get('caller'), detail: { by, server: 'running' } });
    const bytes = await takeBackup(ctx.db);
    ctx.log(`[backup] ${Math.round(bytes.length / 1024)} KB taken in ${Date.now() - started} ms`);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' });
  });
  return backup;
}
