// `npm run restore -- FILE`: puts a backup made by `npm run backup` into DATA_DIR, which must be
// empty or not exist yet: a restore never mixes with or replaces a database (move the old folder
// aside first). Then opens it as the platform would (migrating a backup of an older release) and
// says what it holds. With DATABASE_URL: pg_restore (docs/operating.md, "Backups").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isEmptyFolder, openBackup } from '../src/platform/files/backup.ts';
import { loadPlatformOptions } from '../src/platform/config.ts';
import { claimDataDir } from '../src/platform/db/dataDirLock.ts';
import { prepareDataDir } from '../src/platform/db/dataDirModes.ts';
import { restorePglite } from '../src/platform/db/pgliteDb.ts';
import { openPlatformDatabase } from '../src/platform/platformSchema.ts';

// The restored folder is the data's owner's only, like any DATA_DIR.
process.umask(0o077);

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error('usage: npm run restore -- FILE   (into DATA_DIR, or .data/, which must be empty or not exist)');
    return 2;
  }
  const file = resolve(argv[0]!);
  const options = loadPlatformOptions();
  if (options.databaseUrl) {
    console.error('DATABASE_URL is set: restore the Postgres database with pg_restore (see "Backups" in docs/operating.md), not npm run restore.');
    return 1;
  }
  const dataDir = options.dataDir!;
  if (!isEmptyFolder(dataDir)) {
    console.error(
      `DATA_DIR ${dataDir} is not empty: a restore goes only into an empty or new folder. Stop the platform, move the folder aside (mv ${dataDir} ${dataDir}.old), then restore again.`,
    );
    return 1;
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch {
    console.error(`${file} cannot be read`);
    return 1;
  }
  const tar = openBackup(bytes, file);
  const started = Date.now();
  prepareDataDir(dataDir);
  // Held while the folder fills, so no server starts on it half restored.
  const claim = await claimDataDir(dataDir);
  try {
    await restorePglite(dataDir, tar);
    const db = await openPlatformDatabase({ dataDir });
    try {
      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
      const [apps, users, records] = await Promise.all([
        count('SELECT count(*) AS n FROM apps'),
        count('SELECT count(*) AS n FROM users'),
        count('SELECT count(*) AS n FROM entities'),
      ]);
      console.log(`Restored ${file} into ${dataDir} in ${Date.now() - started} ms: ${apps} app(s), ${users} account(s), ${records} record(s).`);
    } finally {
      await db.close();
    }
  } finally {
    claim.release();
  }
  console.log('Start the platform on it as usual (npm start, or npm run serve).');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
