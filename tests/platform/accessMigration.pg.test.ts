import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDatabase } from '../../src/platform/db/db.ts';
import { findUserByEmail, toUserRecord, userDocuments } from '../../src/platform/identity/users.ts';
import { parseListParams, queryDocuments } from '../../src/platform/records/listQuery.ts';
import { emptyTestDatabase } from './testDatabase.ts';
import { MIGRATIONS } from '../../src/platform/platformSchema.ts';

// Migration 4 on a database made before it: the access columns are backfilled from
// what the rows already say, and the record shows them the same way through both twins.
let db: Db;

beforeAll(async () => {
  db = await openDatabase(
    await emptyTestDatabase(),
    MIGRATIONS.filter((m) => m.version < 4),
  );
  await db.query(`INSERT INTO apps (id, visibility, created_date) VALUES ('deck', 'private_with_login', '2025-01-01T00:00:00.000Z')`);
  const insert = (id: string, email: string, invited: boolean, verified: boolean, hash: string | null) =>
    db.query(
      `INSERT INTO users (id, app_id, email, role, password_hash, email_verified, invited, created_date, updated_date)
       VALUES ($1, 'deck', $2, 'user', $3, $4, $5, '2025-03-01T10:00:00.000Z', '2025-03-05T12:30:00.000Z')`,
      [id, email, hash, verified, invited],
    );
  await insert('u1', 'joined@x.example', true, true, 'scrypt$hash');
  await insert('u2', 'invited@x.example', true, false, null);
  await insert('u3', 'stranger@x.example', false, true, 'scrypt$hash');
  expect(await migrate(db, MIGRATIONS)).toEqual(MIGRATIONS.filter((m) => m.version >= 4).map((m) => m.version));
}, 60_000);
afterAll(() => db?.close());

describe('migration 4: access of each person', () => {
  it('backfills invited_at from creation for invited rows and joined_at for rows with a verified password', async () => {
    const joined = toUserRecord((await findUserByEmail(db, 'deck', 'joined@x.example'))!);
    expect(joined).toMatchObject({
      invited_at: '2025-03-01T10:00:00.000Z',
      joined_at: '2025-03-05T12:30:00.000Z',
      last_seen_at: null,
      expires_at: null,
      revoked_at: null,
      prepared_for: null,
    });
    expect(toUserRecord((await findUserByEmail(db, 'deck', 'invited@x.example'))!)).toMatchObject({ invited_at: '2025-03-01T10:00:00.000Z', joined_at: null });
    expect(toUserRecord((await findUserByEmail(db, 'deck', 'stranger@x.example'))!)).toMatchObject({ invited_at: null, joined_at: '2025-03-05T12:30:00.000Z' });
    expect(joined).not.toHaveProperty('password_hash');
  });

  it('lists show the same access fields as the record (the SQL twin)', async () => {
    await db.query(`UPDATE users SET expires_at = '2031-12-31T23:59:59.999Z', prepared_for = '{"name":"Jo"}'::jsonb WHERE id = 'u1'`);
    const listed = (await queryDocuments(db, userDocuments('deck'), parseListParams({}))) as Array<Record<string, unknown>>;
    for (const doc of listed) {
      const record = toUserRecord((await findUserByEmail(db, 'deck', doc.email as string))!);
      expect(doc).toEqual(record);
    }
    expect(listed.find((doc) => doc.id === 'u1')).toMatchObject({ expires_at: '2031-12-31T23:59:59.999Z', prepared_for: { name: 'Jo' } });
  });
});
