import { randomUUID } from 'node:crypto';
import { checkJsonValue } from '../core/jsonValue.ts';
import { nowIso, type Queryable } from '../db/db.ts';
import { badRequest } from '../core/errors.ts';
import { Params } from '../db/sqlParams.ts';
import { compileFilter } from './queryFilter.ts';

/** Entity names: a letter, then letters, digits or `_`, at most 64 characters. */
export const ENTITY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Fields every record carries and only the platform writes. */
export const SYSTEM_FIELDS = ['id', 'created_date', 'updated_date', 'created_by', 'created_by_id'] as const;

/** A stored record: the caller's fields plus the system fields. */
export type EntityRecord = Record<string, unknown> & { id: string };

/** Who is writing, for created_by / created_by_id (null for the service role or anonymous callers). */
export interface Author {
  email: string | null;
  id: string | null;
}

/** 400 unless `name` is a valid entity name. */
export function checkEntityName(name: string): string {
  if (!ENTITY_NAME.test(name)) throw badRequest('entity', `"${name.slice(0, 80)}" is not a valid entity name`);
  return name;
}

// Record ids are the platform's own (random UUIDs); anything else in their place is refused before
// it reaches the database, which would answer a NUL byte with its own words.
const RECORD_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** 400 `id: …` unless `id` could be a record id (letters, digits, `-`, `_`; at most 128). */
export function checkRecordId(id: string): string {
  if (!RECORD_ID.test(id)) throw badRequest('id', 'is not a valid record id');
  return id;
}

/** The caller's fields of a record body, without system fields; 400 unless a storable JSON object. */
export function userFields(body: unknown, field = 'body'): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(field, 'must be a JSON object');
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of SYSTEM_FIELDS) delete copy[key];
  // Rows of an imported CSV file come here without passing parseJsonText.
  checkJsonValue(copy, field);
  return copy;
}

/**
 * The `source` of an entity list for listQuery.queryDocuments; with `ownerId` only that user's
 * records (the ones a caller limited to its own may see).
 */
export function entityDocuments(appId: string, entity: string, ownerId?: string): (params: Params) => string {
  return (params) => {
    const owner = ownerId === undefined ? '' : ` AND data->>'created_by_id' = ${params.add(ownerId)}`;
    return `SELECT data AS doc, seq FROM entities WHERE app_id = ${params.add(appId)} AND entity = ${params.add(entity)}${owner}`;
  };
}

/** Inserts one record (fields already checked with userFields). */
export async function createRecord(db: Queryable, appId: string, entity: string, fields: Record<string, unknown>, author: Author): Promise<EntityRecord> {
  return (await createRecords(db, appId, entity, [fields], author))[0]!;
}

/**
 * Inserts records in one statement, in the order given (their seq follows it): a page's batch of
 * 200 SlideView records is one round trip into the database, not 200.
 */
export async function createRecords(db: Queryable, appId: string, entity: string, rows: Record<string, unknown>[], author: Author): Promise<EntityRecord[]> {
  return (await storeRecords(db, appId, entity, rows, author)).records;
}

/** What storeRecords did: each row's record as stored (once each, in the order given), and those this call wrote. */
export interface StoredRecords {
  records: EntityRecord[];
  created: EntityRecord[];
}

/**
 * createRecords where `idOf` may give a row its id (a SlideView's key and its author): a row whose
 * id is stored already is not written again but answered as stored, so a resend counts once. Two
 * writers of the same id at once: the database's key makes the second wait, then skip.
 */
export async function storeRecords(
  db: Queryable,
  appId: string,
  entity: string,
  rows: Record<string, unknown>[],
  author: Author,
  idOf: (fields: Record<string, unknown>) => string | undefined = () => undefined,
): Promise<StoredRecords> {
  const now = nowIso();
  const records: EntityRecord[] = rows.map((fields) => ({
    ...fields,
    id: idOf(fields) ?? randomUUID(),
    created_date: now,
    updated_date: now,
    created_by: author.email,
    created_by_id: author.id,
  }));
  if (records.length === 0) return { records, created: records };
  const written = await db.query<{ id: string }>(
    `INSERT INTO entities (app_id, entity, id, data)
     SELECT $1, $2, item->>'id', item FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS rows(item, n) ORDER BY n
     ON CONFLICT (app_id, entity, id) DO NOTHING RETURNING id`,
    [appId, entity, JSON.stringify(records)],
  );
  const stored = new Map<string, EntityRecord>();
  const fresh = new Set(written.rows.map((row) => row.id));
  for (const record of records) if (fresh.has(record.id) && !stored.has(record.id)) stored.set(record.id, record);
  const created = [...stored.values()];
  const earlier = records.filter((record) => !stored.has(record.id)).map((record) => record.id);
  if (earlier.length > 0) {
    const found = await db.query<{ data: EntityRecord }>(
      'SELECT data FROM entities WHERE app_id = $1 AND entity = $2 AND id IN (SELECT jsonb_array_elements_text($3::jsonb))',
      [appId, entity, JSON.stringify(earlier)],
    );
    for (const row of found.rows) stored.set(row.data.id, row.data);
  }
  return { records: [...new Set(records.flatMap((record) => stored.get(record.id) ?? []))], created };
}

/** One record by id, or null. */
export async function getRecord(db: Queryable, appId: string, entity: string, id: string): Promise<EntityRecord | null> {
  const result = await db.query<{ data: EntityRecord }>('SELECT data FROM entities WHERE app_id = $1 AND entity = $2 AND id = $3', [appId, entity, id]);
  return result.rows[0]?.data ?? null;
}

/** Merges `fields` into a record (system fields kept) and returns it, or null when absent. */
export async function updateRecord(db: Queryable, appId: string, entity: string, id: string, fields: Record<string, unknown>): Promise<EntityRecord | null> {
  const result = await db.query<{ data: EntityRecord }>(
    `UPDATE entities SET data = data || $4::jsonb
     WHERE app_id = $1 AND entity = $2 AND id = $3 RETURNING data`,
    [appId, entity, id, JSON.stringify({ ...fields, updated_date: nowIso() })],
  );
  return result.rows[0]?.data ?? null;
}

/** Deletes one record and returns it, or null when absent. */
export async function deleteRecord(db: Queryable, appId: string, entity: string, id: string): Promise<EntityRecord | null> {
  const result = await db.query<{ data: EntityRecord }>('DELETE FROM entities WHERE app_id = $1 AND entity = $2 AND id = $3 RETURNING data', [
    appId,
    entity,
    id,
  ]);
  return result.rows[0]?.data ?? null;
}

/** Deletes every record matching a `q`-style query and returns the deleted records. */
export async function deleteMatching(db: Queryable, appId: string, entity: string, query: unknown): Promise<EntityRecord[]> {
  const params = new Params();
  const app = params.add(appId);
  const name = params.add(entity);
  const where = compileFilter(query, 'data', params, 'body');
  const result = await db.query<{ data: EntityRecord }>(
    `DELETE FROM entities WHERE app_id = ${app} AND entity = ${name} AND ${where} RETURNING data`,
    params.values,
  );
  return result.rows.map((row) => row.data);
}
