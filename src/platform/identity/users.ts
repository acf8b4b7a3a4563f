import { randomUUID } from 'node:crypto';
import { nowIso, type Queryable } from '../db/db.ts';
import type { Params } from '../db/sqlParams.ts';
import { type AccessFields, PASSWORD_GENERATED, type PreparedFor } from '../../../schemas/accessWire.ts';

/** A row of the users table. */
export interface UserRow {
  id: string;
  app_id: string;
  email: string;
  full_name: string | null;
  role: string;
  password_hash: string | null;
  email_verified: boolean;
  invited: boolean;
  data: Record<string, unknown>;
  created_date: string;
  updated_date: string;
  invited_at: Date | null;
  joined_at: Date | null;
  last_seen_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  prepared_for: PreparedFor | null;
}

/**
 * The profile fields a user may set on their own record (updateMe): the platform defines them and
 * stores nothing else a client sends. Each is a column that routes/users.ts
 * validates; an admin may also set `role`.
 */
export const PROFILE_FIELDS = ['full_name'] as const;

// Times as toUserRecord writes them (toISOString: UTC, milliseconds), so both twins agree and sort as text.
const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The SQL twin of toUserRecord, so `User` lists can be filtered and sorted like any entity.
const USER_DOC = `(u.data || jsonb_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name,
  'role', u.role, 'app_id', u.app_id, 'is_verified', u.email_verified, 'is_registered', u.invited,
  'created_date', u.created_date, 'updated_date', u.updated_date) || jsonb_build_object(
  'invited_at', ${isoOf('u.invited_at')}, 'joined_at', ${isoOf('u.joined_at')}, 'last_seen_at', ${isoOf('u.last_seen_at')},
  'expires_at', ${isoOf('u.expires_at')}, 'revoked_at', ${isoOf('u.revoked_at')}, 'prepared_for', u.prepared_for))`;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The access fields of a row as the API and accessState read them. */
export function accessFieldsOf(row: UserRow): AccessFields & { is_registered: boolean } {
  return {
    is_registered: row.invited,
    is_verified: row.email_verified,
    invited_at: iso(row.invited_at),
    joined_at: iso(row.joined_at),
    last_seen_at: iso(row.last_seen_at),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    prepared_for: row.prepared_for,
    role: row.role,
  };
}

/** The User entity as the API shows it (never the password hash). */
export function toUserRecord(row: UserRow): Record<string, unknown> {
  return {
    ...row.data,
    ...accessFieldsOf(row),
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    app_id: row.app_id,
    created_date: row.created_date,
    updated_date: row.updated_date,
  };
}

/** The `source` of a User list for listQuery.queryDocuments. */
export function userDocuments(appId: string): (params: Params) => string {
  return (params) => `SELECT ${USER_DOC} AS doc, u.created_date || u.id AS seq FROM users u WHERE u.app_id = ${params.add(appId)}`;
}

/** Emails are compared lower-cased and trimmed, so `Ann@X.com` and `ann@x.com` are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user with this email in this app, or null. */
export async function findUserByEmail(db: Queryable, appId: string, email: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>('SELECT * FROM users WHERE app_id = $1 AND email = $2', [appId, normalizeEmail(email)]);
  return result.rows[0] ?? null;
}

/** The user with this id in this app, or null. */
export async function findUserById(db: Queryable, appId: string, id: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>('SELECT * FROM users WHERE app_id = $1 AND id = $2', [appId, id]);
  return result.rows[0] ?? null;
}

/** Fields of a new user. */
export interface NewUser {
  appId: string;
  email: string;
  role: string;
  invited: boolean;
  emailVerified?: boolean;
  passwordHash?: string | null;
  fullName?: string | null;
}

/** Inserts a user and returns the row. */
export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const now = nowIso();
  const result = await db.query<UserRow>(
    `INSERT INTO users (id, app_id, email, full_name, role, password_hash, email_verified, invited,
       created_date, updated_date) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
    [
      randomUUID(),
      user.appId,
      normalizeEmail(user.email),
      user.fullName ?? null,
      user.role,
      user.passwordHash ?? null,
      user.emailVerified ?? false,
      user.invited,
      now,
    ],
  );
  return result.rows[0]!;
}

/** Columns a store caller may change (the route decides who may change which). */
export interface UserPatch {
  full_name?: string | null;
  role?: string;
  password_hash?: string;
  email_verified?: boolean;
  invited?: boolean;
  data?: Record<string, unknown>;
  invited_at?: Date | null;
  joined_at?: Date | null;
  expires_at?: Date | null;
  revoked_at?: Date | null;
  prepared_for?: PreparedFor | null;
}

const PATCH_COLUMNS = new Set([
  'full_name',
  'role',
  'password_hash',
  'email_verified',
  'invited',
  'data',
  'invited_at',
  'joined_at',
  'expires_at',
  'revoked_at',
  'prepared_for',
]);
const JSON_COLUMNS = new Set(['data', 'prepared_for']);

/** Applies a patch (data is merged, not replaced) and returns the updated row. */
export async function updateUser(db: Queryable, id: string, patch: UserPatch): Promise<UserRow> {
  const sets: string[] = ['updated_date = $2'];
  const values: unknown[] = [id, nowIso()];
  // A password a person chose ends the mark of one the platform generated (bootstrap.ts).
  let data = patch.password_hash !== undefined ? `(data - '${PASSWORD_GENERATED}')` : null;
  for (const [column, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (!PATCH_COLUMNS.has(column)) throw new Error(`users: ${column} is not a patchable column`);
    values.push(JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value);
    if (column === 'data') data = `${data ?? 'data'} || $${values.length}::jsonb`;
    else sets.push(`${column} = $${values.length}${column === 'prepared_for' ? '::jsonb' : ''}`);
  }
  if (data) sets.push(`data = ${data}`);
  const result = await db.query<UserRow>(`UPDATE users SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, values);
  return result.rows[0]!;
}

/** Marks the first time a person got in (sign-in, verified code, accepted invitation); later calls change nothing. */
export async function markJoined(db: Queryable, id: string): Promise<UserRow> {
  const result = await db.query<UserRow>('UPDATE users SET joined_at = COALESCE(joined_at, now()) WHERE id = $1 RETURNING *', [id]);
  return result.rows[0]!;
}
