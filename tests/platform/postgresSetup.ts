import type { TestProject } from 'vitest/node';
import { startPostgresServer } from '../../scripts/support/postgresServer.ts';
import { TEMPLATE_DATABASE } from './testDatabase.ts';
import { openPlatformDatabase } from '../../src/platform/platformSchema.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server's postgres://…/ base (the `node-postgres` project only). */
    postgresBase: string | undefined;
  }
}

/**
 * The platform suite's second run: one real Postgres server for the whole run, with a migrated
 * template database that each test platform copies into a database of its own.
 */
export default async function setup(project: TestProject) {
  const server = await startPostgresServer({ durable: false });
  try {
    await server.admin(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const db = await openPlatformDatabase({ url: server.url(TEMPLATE_DATABASE) });
    await db.close();
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide('postgresBase', server.url(''));
  return () => server.stop();
}
