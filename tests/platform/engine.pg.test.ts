import { expect, it } from 'vitest';
import { startTestPlatform } from './harness.ts';
import { postgresBase } from './testDatabase.ts';

// The suite runs on both engines (vite.config.ts): a platform of the Postgres run must really use
// the server, with its own database, and one of the PGlite run must not.
it('uses this run’s engine: its own Postgres database on the server, else PGlite', async () => {
  const p = await startTestPlatform();
  try {
    const name = (await p.db.query<{ db: string; version: string }>('SELECT current_database() AS db, version() AS version')).rows[0]!;
    if (postgresBase()) {
      expect(p.db.engine).toBe('postgres');
      expect(name.db).toMatch(/^t_[0-9a-f]{12}$/);
      expect(p.logs.join('\n')).toMatch(/data in Postgres at 127\.0\.0\.1:\d+\/t_/);
    } else {
      expect(p.db.engine).toBe('pglite');
      expect(p.logs.join('\n')).toContain('data in memory');
    }
    expect(name.version).toMatch(/^PostgreSQL \d+/);
  } finally {
    await p.close();
  }
});
