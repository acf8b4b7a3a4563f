import { parseJsonText } from './body.ts';
import type { Queryable } from './db.ts';
import { badRequest } from './errors.ts';
import { compileFilter, fieldSql, Params } from './queryFilter.ts';

/** The most records one list or filter call returns (issue 6). */
export const MAX_LIMIT = 5000;

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
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw badRequest(name, `must be an integer of at least ${min}`);
  return Number(raw);
}

/** Reads the list parameters from a request's query string; 400 names the bad parameter. */
export function parseListParams(query: Record<string, string | undefined>): ListParams {
  const q: unknown = query.q !== undefined && query.q !== '' ? parseJsonText(query.q, 'q') : {};
  const sort = (query.sort || '-created_date').split(',').filter(Boolean);
  const fields = query.fields ? query.fields.split(',').map((f) => f.trim()).filter(Boolean) : null;
  return {
    q,
    sort,
    limit: Math.min(integer('limit', query.limit, MAX_LIMIT, 1), MAX_LIMIT),
    skip: integer('skip', query.skip, 0, 0),
    fields,
  };
}

/**
 * Runs a list over `source`, a SELECT yielding a jsonb column `doc` and a sortable `seq` (insertion
 * order, the tie-breaker); entities, users and the outbox all look alike this way. `source`
 * receives the shared Params so its own values bind first.
 */
export async function queryDocuments(
  db: Queryable,
  source: (params: Params) => string,
  list: ListParams,
): Promise<Record<string, unknown>[]> {
  const params = new Params();
  const from = source(params);
  const where = compileFilter(list.q, 'doc', params);
  const order = list.sort.map((key) => {
    const descending = key.startsWith('-');
    const field = descending ? key.slice(1) : key;
    return `${fieldSql('doc', field, params, 'sort')} ${descending ? 'DESC NULLS LAST' : 'ASC NULLS LAST'}`;
  });
  // Ties (same millisecond, as in a bulk create) follow insertion order, in the first key's direction.
  order.push(`seq ${list.sort[0]?.startsWith('-') ? 'DESC' : 'ASC'}`);
  const sql = `SELECT doc FROM (${from}) AS source WHERE ${where} ORDER BY ${order.join(', ')}
    LIMIT ${params.add(list.limit)} OFFSET ${params.add(list.skip)}`;
  const result = await db.query<{ doc: Record<string, unknown> }>(sql, params.values);
  return result.rows.map((row) => project(row.doc, list.fields));
}

/** Keeps only `fields` (and always `id`) of a record; null keeps everything. */
export function project(doc: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  if (!fields) return doc;
  const out: Record<string, unknown> = { id: doc.id };
  for (const field of fields) if (field in doc) out[field] = doc[field];
  return out;
}
