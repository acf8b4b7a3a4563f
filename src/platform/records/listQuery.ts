import { parseJsonText } from '../core/jsonValue.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../core/errors.ts';
import { Params } from '../db/sqlParams.ts';
import { compileFilter, fieldSql } from './queryFilter.ts';

/** The most records one list or filter call returns; a larger `limit` is clamped to it. */
export const MAX_LIMIT = 5000;

/** The largest `skip` or `limit` accepted (Postgres' bigint would refuse bigger ones with its own words). */
export const MAX_OFFSET = 1_000_000_000;

/** The most keys `sort` may name, and the most fields `fields` may. */
export const MAX_SORT_KEYS = 8;
export const MAX_FIELDS = 200;

// A projected field: a top-level field name, the same alphabet as the filter's field paths.
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Parsed `q`, `sort`, `limit`, `skip` and `fields` of a list or filter call. */
export interface ListParams {
  q: unknown;
  sort: string[];
  limit: number;
  skip: number;
  fields: string[] | null;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > MAX_OFFSET) {
    throw badRequest(name, `must be an integer from ${min} to ${MAX_OFFSET}`);
  }
  return Number(raw);
}

function sortKeys(raw: string | undefined): string[] {
  const keys = (raw || '-created_date').split(',').filter(Boolean);
  if (keys.length > MAX_SORT_KEYS) throw badRequest('sort', `names more than ${MAX_SORT_KEYS} fields`);
  // Each key's field is checked where it becomes SQL (fieldSql), under the name `sort`.
  return keys;
}

function projection(raw: string | undefined): string[] | null {
  if (!raw) return null;
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length > MAX_FIELDS) throw badRequest('fields', `names more than ${MAX_FIELDS} fields`);
  const bad = fields.find((field) => !FIELD_NAME.test(field));
  if (bad !== undefined) throw badRequest('fields', `"${bad.slice(0, 80)}" is not a valid field name`);
  return fields;
}

/** Reads the list parameters from a request's query string; 400 names the bad parameter. */
export function parseListParams(query: Record<string, string | undefined>): ListParams {
  const q: unknown = query.q !== undefined && query.q !== '' ? parseJsonText(query.q, 'q') : {};
  return {
    q,
    sort: sortKeys(query.sort),
    limit: Math.min(integer('limit', query.limit, MAX_LIMIT, 1), MAX_LIMIT),
    skip: integer('skip', query.skip, 0, 0),
    fields: projection(query.fields),
  };
}

/**
 * The SELECT of a list over `source`, a SELECT yielding a jsonb column `doc` and a sortable `seq`
 * (insertion order, the tie-breaker); entities, users and the outbox all look alike this way.
 * `source` receives the shared Params so its own values bind first. With `select` other than
 * `doc` (a rendering of it), the page is chosen first and only its rows are rendered: an OFFSET
 * of 30,000 then skips rows without converting each one.
 */
export function listSql(source: (params: Params) => string, list: ListParams, select = 'doc'): { sql: string; values: unknown[] } {
  const params = new Params();
  const from = source(params);
  const where = compileFilter(list.q, 'doc', params);
  const order = list.sort.map((key) => {
    const descending = key.startsWith('-');
    const field = descending ? key.slice(1) : key;
    return `${fieldSql('doc', field, params, 'sort')} ${descending ? 'DESC NULLS LAST' : 'ASC NULLS LAST'}`;
  });
  // Ties (same millisecond, as in a bulk create) follow insertion order, in the first key's direction.
  // A sort on created_date alone thus matches an index of migration 5, and pages need no full sort.
  order.push(`seq ${list.sort[0]?.startsWith('-') ? 'DESC' : 'ASC'}`);
  const page = `SELECT ${select === 'doc' ? 'doc' : 'doc, seq'} FROM (${from}) AS source WHERE ${where} ORDER BY ${order.join(', ')}
    LIMIT ${params.add(list.limit)} OFFSET ${params.add(list.skip)}`;
  // The outer ORDER BY sorts only the page's rows again: a subquery's order is not guaranteed to survive.
  const sql = select === 'doc' ? page : `SELECT ${select} FROM (${page}) AS page ORDER BY ${order.join(', ')}`;
  return { sql, values: params.values };
}

/** Runs a list over `source` (see listSql) and projects each record to `list.fields`. */
export async function queryDocuments(db: Queryable, source: (params: Params) => string, list: ListParams): Promise<Record<string, unknown>[]> {
  const { sql, values } = listSql(source, list);
  const result = await db.query<{ doc: Record<string, unknown> }>(sql, values);
  return result.rows.map((row) => project(row.doc, list.fields));
}

/**
 * The list as JSON text: without a projection, each record as the database renders it, so a page
 * of 5,000 records is not parsed into objects only to be serialised again (PGlite's jsonb parsing
 * was two thirds of the time of listing 34,000 SlideView records).
 */
export async function queryDocumentsJson(db: Queryable, source: (params: Params) => string, list: ListParams): Promise<string> {
  if (list.fields) return JSON.stringify(await queryDocuments(db, source, list));
  const { sql, values } = listSql(source, list, 'doc::text AS doc');
  const result = await db.query<{ doc: string }>(sql, values);
  return `[${result.rows.map((row) => row.doc).join(',')}]`;
}

/** Keeps only `fields` (and always `id`) of a record; null keeps everything. */
export function project(doc: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  if (!fields) return doc;
  const out: Record<string, unknown> = { id: doc.id };
  for (const field of fields) if (field in doc) out[field] = doc[field];
  return out;
}
