import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, fromZodError, HttpError } from './errors.ts';

/** Largest JSON body accepted (bigger ones get 413). */
export const MAX_JSON_BYTES = 1024 * 1024;

// The rest of a refused body is never read, so the connection cannot carry another request:
// `Connection: close` tells the client to open a fresh one, and Node ends this one after the reply.
function tooLarge(limit: number): HttpError {
  return new HttpError(
    413,
    {
      detail: `body: larger than the ${limit / (1024 * 1024)} MB limit`,
      code: 'payload_too_large',
      extra_data: { field: 'body', limit_bytes: limit },
    },
    { Connection: 'close' },
  );
}

/** The raw body, refusing (413) as soon as it passes `limit` bytes, whatever Content-Length claims. */
export async function readBytes(c: Context, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Deepest nesting accepted in a JSON body or `q` (deeper ones overflow the stack when stored). */
export const MAX_JSON_DEPTH = 64;

// Text Postgres' jsonb refuses: the NUL character and UTF-16 halves without their other half
// (both can be written as JSON escapes). Caught here, the 400 names the field instead of the
// database answering with its own words.
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Place {
  parent: Place | null;
  key: string | number;
}

function pathOf(field: string, place: Place | null): string {
  const keys: Array<string | number> = [];
  for (let at = place; at; at = at.parent) keys.unshift(at.key);
  return field + keys.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');
}

/**
 * 400 naming the field (and the path inside it) for a value the database cannot store: nested
 * deeper than 64 levels, text with a NUL or a lone surrogate, a number beyond a double (1e400).
 * Checked without recursion.
 */
export function checkJsonValue(value: unknown, field: string): void {
  const stack: Array<[unknown, number, Place | null]> = [[value, 1, null]];
  while (stack.length > 0) {
    const [item, depth, place] = stack.pop()!;
    if (typeof item === 'string' && UNSTORABLE_TEXT.test(item)) {
      throw badRequest(pathOf(field, place), 'contains a character that cannot be stored (NUL, or half of a UTF-16 pair)');
    }
    if (typeof item === 'number' && !Number.isFinite(item)) throw badRequest(pathOf(field, place), 'is a number too large to store');
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_JSON_DEPTH) throw badRequest(field, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    const isArray = Array.isArray(item);
    for (const [key, child] of Object.entries(item)) {
      if (!isArray && UNSTORABLE_TEXT.test(key)) {
        throw badRequest(pathOf(field, place), 'has a key with a character that cannot be stored (NUL, or half of a UTF-16 pair)');
      }
      stack.push([child, depth + 1, { parent: place, key: isArray ? Number(key) : key }]);
    }
  }
}

/** JSON text parsed and checked (checkJsonValue); a 400 naming `field` when it is malformed, too deep or unstorable. */
export function parseJsonText(text: string, field: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(field, 'is not valid JSON');
  }
  checkJsonValue(value, field);
  return value;
}

/** The JSON body (undefined when empty); 400 `body: …` when malformed or too deep, 413 above 1 MB. */
export async function readJson(c: Context, limit = MAX_JSON_BYTES): Promise<unknown> {
  const text = new TextDecoder().decode(await readBytes(c, limit)).trim();
  return text === '' ? undefined : parseJsonText(text, 'body');
}

/** A multipart body's parts; 400 when it is not multipart, 413 above `limit`. */
export async function readForm(c: Context, limit: number): Promise<FormData> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw badRequest('file', 'send the file as multipart/form-data');
  const bytes = await readBytes(c, limit);
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest('body', 'is not valid multipart/form-data');
  }
}

/** Parses a value with a zod schema; 400 naming the first bad field otherwise. */
export function validate<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
