import pg from 'pg';
import { startPostgresServer } from '../support/postgresServer.ts';
import { type FollowAcrossFigures, followAcross } from './followAcross.ts';
import { type LoadFigures, loadRun, seedViewers } from './loadRun.ts';

// The scale benchmark: the same load run on PGlite in one process, on a Postgres server in one
// process, and on that server in two processes (viewers split between them), then follow-me with
// its followers spread over two processes. One throwaway durable server (fsync on, as a real one
// runs) for the whole part, a fresh database per variant, stopped at the end.

/** One variant of the load run: its figures, or why it failed (the others still run). */
export interface ScaleVariant {
  name: string;
  figures?: LoadFigures;
  error?: string;
}

/** Everything the scale part measured. */
export interface ScaleFigures {
  /** The Postgres server's version (`SHOW server_version`). */
  postgresVersion: string;
  variants: ScaleVariant[];
  follow?: FollowAcrossFigures;
  followError?: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return String((await client.query('SHOW server_version')).rows[0]?.server_version);
  } finally {
    await client.end();
  }
}

/**
 * Runs the three load variants and the cross-process follow run; a failing variant is recorded, not
 * thrown. `pglite` reuses figures the bench's own load part just measured with the same options
 * instead of running the PGlite variant again. Both Postgres variants start from copies of one seeded
 * database, so the accounts' passwords are hashed once, not once per variant.
 */
export async function scaleRun(options: {
  viewers: number;
  seconds: number;
  followers: number;
  moves: number;
  staticDir: string;
  log: (line: string) => void;
  pglite?: LoadFigures;
}): Promise<ScaleFigures> {
  const server = await startPostgresServer({ durable: true });
  try {
    const postgresVersion = await serverVersion(server.url('postgres'));
    options.log(`  Postgres ${postgresVersion} on 127.0.0.1:${server.port} (durable: fsync on)`);
    const load = { viewers: options.viewers, seconds: options.seconds, staticDir: options.staticDir, log: options.log };
    const database = async (name: string, template?: string) => {
      await server.admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      return server.url(name);
    };
    let seeded: Promise<string> | undefined;
    // Seeded on first use; a failed seed fails each Postgres variant with its reason.
    const seededCopy = async (name: string) => {
      seeded ??= (async () => {
        const url = await database('bench_seed');
        const ms = await seedViewers({ staticDir: options.staticDir, databaseUrl: url, viewers: options.viewers });
        options.log(
          `  ${options.viewers} users invited, registered and verified on Postgres in ${(ms / 1000).toFixed(1)} s (copied into each variant's database)`,
        );
        return 'bench_seed';
      })();
      return database(name, await seeded);
    };
    const plans: { name: string; run: () => Promise<LoadFigures> }[] = [
      options.pglite ? { name: 'PGlite, 1 process (load part)', run: async () => options.pglite! } : { name: 'PGlite, 1 process', run: () => loadRun(load) },
      { name: 'Postgres, 1 process', run: async () => loadRun({ ...load, databaseUrl: await seededCopy('bench_one'), seeded: true }) },
      { name: 'Postgres, 2 processes', run: async () => loadRun({ ...load, databaseUrl: await seededCopy('bench_two'), processes: 2, seeded: true }) },
    ];
    const variants: ScaleVariant[] = [];
    for (const plan of plans) {
      options.log(`  ${plan.name}:`);
      try {
        variants.push({ name: plan.name, figures: await plan.run() });
      } catch (error) {
        options.log(`  ${plan.name} failed: ${messageOf(error).split('\n')[0]}`);
        variants.push({ name: plan.name, error: messageOf(error) });
      }
    }
    const result: ScaleFigures = { postgresVersion, variants };
    options.log(`  follow-me, ${options.followers} followers over 2 processes:`);
    try {
      result.follow = await followAcross({
        staticDir: options.staticDir,
        databaseUrl: await database('bench_follow'),
        followers: options.followers,
        moves: options.moves,
        log: options.log,
      });
    } catch (error) {
      options.log(`  follow-me failed: ${messageOf(error).split('\n')[0]}`);
      result.followError = messageOf(error);
    }
    return result;
  } finally {
    server.stop();
  }
}
