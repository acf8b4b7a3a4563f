import { badRequest } from '../core/errors.ts';
import type { Params } from '../db/sqlParams.ts';

// Mongo-style `q` (the platform's filter language) compiled to SQL over a jsonb column.
// Values and field paths always travel as bind parameters; only operators chosen from the tables
// below are spliced into the SQL text, so nothing a caller sends becomes SQL.

const COMPARISONS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z0-9_]{1,64}){0,7}$/;
const MAX_DEPTH = 8;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** SQL for the jsonb value at a dotted field path of `doc`, e.g. `address.city`. */
export function fieldSql(doc: string, field: string, params: Params, label: string): string {
  if (!FIELD.test(field)) throw badRequest(label, 'is not a valid field name');
  return `(${doc} #> ${params.add(field.split('.'))}::text[])`;
}

function jsonParam(value: unknown, params: Params): string {
  return `${params.add(JSON.stringify(value))}::jsonb`;
}

function equals(target: string, value: unknown, params: Params): string {
  if (value === null) return `(${target} IS NULL OR ${target} = 'null'::jsonb)`;
  const v = jsonParam(value, params);
  // Like Mongo, a scalar also matches an array field that contains it. COALESCE turns "field
  // missing" (SQL NULL) into false, so `$ne` and `$nin` match records without the field, as in Mongo.
  return `COALESCE(${target} = ${v} OR (jsonb_typeof(${target}) = 'array' AND ${target} @> jsonb_build_array(${v})), false)`;
}

function operator(target: string, op: string, value: unknown, params: Params, where: string): string {
  if (op === '$eq') return equals(target, value, params);
  if (op === '$ne') return `NOT ${equals(target, value, params)}`;
  const comparison = COMPARISONS[op];
  if (comparison) {
    if (value === null || typeof value === 'object') throw badRequest(where, `${op} needs a number, string or boolean`);
    const v = jsonParam(value, params);
    // jsonb orders across types (strings below numbers); comparing only like with like avoids
    // `{age: {$lt: 5}}` matching every string.
    return `COALESCE(jsonb_typeof(${target}) = jsonb_typeof(${v}) AND ${target} ${comparison} ${v}, false)`;
  }
  if (op === '$in' || op === '$nin') {
    if (!Array.isArray(value)) throw badRequest(where, `${op} needs an array`);
    const any = value.length === 0 ? 'false' : `(${value.map((item) => equals(target, item, params)).join(' OR ')})`;
    return op === '$in' ? any : `NOT ${any}`;
  }
  throw badRequest(where, `unknown operator ${op}`);
}

function condition(field: string, value: unknown, doc: string, params: Params, where: string): string {
  const target = fieldSql(doc, field, params, where);
  if (isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'))) {
    const parts = Object.entries(value).map(([op, operand]) => {
      if (!op.startsWith('$')) throw badRequest(where, `cannot mix operators with the field ${op}`);
      return operator(target, op, operand, params, `${where}.${op}`);
    });
    return parts.join(' AND ');
  }
  if (isPlainObject(value) || Array.isArray(value)) return `COALESCE(${target} = ${jsonParam(value, params)}, false)`;
  return equals(target, value, params);
}

/** Compiles a query object to a SQL boolean over the jsonb expression `doc`; throws 400 on bad input. */
export function compileFilter(query: unknown, doc: string, params: Params, where = 'q', depth = 0): string {
  if (depth > MAX_DEPTH) throw badRequest(where, `nests deeper than ${MAX_DEPTH} levels`);
  if (!isPlainObject(query)) throw badRequest(where, 'must be a JSON object');
  const parts = Object.entries(query).map(([key, value]) => {
    const here = `${where}.${key}`;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0) throw badRequest(here, 'needs a non-empty array of queries');
      const inner = value.map((item, i) => compileFilter(item, doc, params, `${here}[${i}]`, depth + 1));
      return `(${inner.join(key === '$and' ? ' AND ' : ' OR ')})`;
    }
    if (key.startsWith('$')) throw badRequest(here, `unknown operator ${key}`);
    return condition(key, value, doc, params, here);
  });
  return parts.length === 0 ? 'true' : parts.join(' AND ');
}
