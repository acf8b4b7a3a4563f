import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, fromZodError, HttpError } from '../core/errors.ts';
import { parseJsonText } from '../core/jsonValue.ts';

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
