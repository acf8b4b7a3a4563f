import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, fromZodError, HttpError } from './errors.ts';

/** Largest JSON body accepted (bigger ones get 413). */
export const MAX_JSON_BYTES = 1024 * 1024;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, {
    detail: `body: larger than the ${limit / (1024 * 1024)} MB limit`,
    code: 'payload_too_large',
    extra_data: { field: 'body', limit_bytes: limit },
  });
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

/** 400 `{field}: nests deeper than 64 levels` for a value nested too deep; checked without recursion. */
export function checkJsonDepth(value: unknown, field: string): void {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_JSON_DEPTH) throw badRequest(field, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
}

/** JSON text parsed and depth-checked; a 400 naming `field` when it is malformed or too deep. */
export function parseJsonText(text: string, field: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(field, 'is not valid JSON');
  }
  checkJsonDepth(value, field);
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
