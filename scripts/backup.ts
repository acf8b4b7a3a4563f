// `npm run backup -- FILE`: a consistent backup of the PGlite DATA_DIR, while the platform serves it
// or not. PGlite allows one process per folder: with a server running on DATA_DIR the backup is
// taken by that server (asked with the service token, as `npm run invite` does); otherwise this
// script takes the server's lock and opens the folder itself. With DATABASE_URL: pg_dump (docs/operating.md, "Backups").
import { existsSync, readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { takeBackup, writeBackupFile } from '../src/platform/files/backup.ts';
import { SERVICE_TOKEN_FILE } from '../src/platform/identity/bootstrap.ts';
import { loadPlatformOptions } from '../src/platform/config.ts';
import { claimDataDir, runningServer } from '../src/platform/db/dataDirLock.ts';
import { prepareDataDir } from '../src/platform/db/dataDirModes.ts';
import { BACKUP_BY_HEADER, BACKUP_CALL } from '../src/platform/http/routes/backupRoute.ts';
import { audit } from '../src/platform/records/auditLog.ts';
import { openPlatformDatabase } from '../src/platform/platformSchema.ts';

/** Who takes the backup, as the log names them: the account and the machine this command runs on. */
function takenBy(): string {
  let user = process.env.USER ?? 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (a container's arbitrary uid): USER, if set, says it.
  }
  return `${user}@${hostname()}`;
}

// What this process writes (the backup) is for the data's owner only, like DATA_DIR itself.
process.umask(0o077);

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error('usage: npm run backup -- FILE   (a new file; DATA_DIR, or .data/, is backed up)');
    return 2;
  }
  const file = resolve(argv[0]!);
  if (existsSync(file)) {
    console.error(`${file} exists already: name a new file (a backup never overwrites one)`);
    return 1;
  }
  const options = loadPlatformOptions();
  if (options.databaseUrl) {
    console.error('DATABASE_URL is set: back the Postgres database up with pg_dump (see "Backups" in docs/operating.md), not npm run backup.');
    return 1;
  }
  const dataDir = options.dataDir!;
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`${dataDir} holds no database yet: nothing to back up (set DATA_DIR to the folder the platform uses).`);
    return 1;
  }
  const started = Date.now();
  const server = runningServer(dataDir);
  let bytes: Uint8Array;
  if (server?.port) {
    const tokenFile = join(dataDir, SERVICE_TOKEN_FILE);
    const token = options.serviceToken ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : null);
    if (!token) {
      console.error(`A server runs on ${dataDir} (port ${server.port}): set SERVICE_TOKEN to the token it was started with.`);
      return 1;
    }
    const response = await fetch(`http://127.0.0.1:${server.port}/api/apps/${encodeURIComponent(options.appId)}${BACKUP_CALL}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-App-Id': options.appId, [BACKUP_BY_HEADER]: takenBy() },
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { detail?: string };
      console.error(`The running server (port ${server.port}) refused the backup: ${response.status} ${body.detail ?? ''}`);
      return 1;
    }
    bytes = new Uint8Array(await response.arrayBuffer());
  } else {
    // The same checks and lock as a server's, taken before the database is opened.
    prepareDataDir(dataDir);
    const claim = await claimDataDir(dataDir);
    try {
      const db = await openPlatformDatabase({ dataDir });
      try {
        // The same entry the server writes: the backup holds every password hash and the service token.
        await audit(db, { appId: options.appId, action: 'backup_taken', actor: 'service', detail: { by: takenBy(), server: 'none' } });
        bytes = await takeBackup(db);
      } finally {
        await db.close();
      }
    } finally {
      claim.release();
    }
  }
  writeBackupFile(file, bytes);
  const how = server?.port ? `by the server running on port ${server.port}` : 'with no server running';
  console.log(`Backed up ${dataDir} to ${file} (${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${how}, in ${Date.now() - started} ms).`);
  console.log('The file holds every account and record, and the service token: keep it as private as DATA_DIR.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
