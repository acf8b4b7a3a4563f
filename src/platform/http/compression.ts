import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The built deck is a few hundred KB of text that never changes while the server runs: each file is
// compressed once, at the highest level, and kept. Brotli (every current browser asks for it) makes
// a partner's first visit about 13% smaller than gzip; gzip stays for clients that only take that.
const compressed = new Map<string, Uint8Array<ArrayBuffer>>();

/** The encodings the deck's files are sent in, best first. */
export type Encoding = 'br' | 'gzip';

/** The name endings of the copies the build compresses ahead (src/build/precompress.ts). */
export const PRECOMPRESSED: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/**
 * The build's compressed copy of `file`, if it wrote one and the file has not changed since: a copy
 * older than its file (a deploy step that rewrote the file in place) would send the old bytes.
 */
function readPrecompressed(file: string, encoding: Encoding): Uint8Array<ArrayBuffer> | null {
  try {
    const copy = file + PRECOMPRESSED[encoding];
    if (statSync(copy).mtimeMs < statSync(file).mtimeMs) return null;
    return new Uint8Array(readFileSync(copy));
  } catch {
    return null;
  }
}

/** Types worth compressing: text. Images other than SVG and fonts are compressed already. */
const TEXT_TYPE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/** Bodies below this many bytes are sent as they are: the encodings' own framing would eat the saving. */
const MIN_BYTES = 150;

/** Whether an `Accept-Encoding` header accepts `coding` (named, or `*`, and not with `q=0`). */
export function accepts(header: string | undefined, coding: Encoding): boolean {
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part
      .trim()
      .split(';')
      .map((piece) => piece.trim());
    if (name !== coding && name !== '*') continue;
    const q = params.find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Whether an `Accept-Encoding` header accepts gzip (`gzip` or `*`, and not with `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  return accepts(header, 'gzip');
}

/** The encoding to send a client with this `Accept-Encoding`: brotli if it takes it, else gzip, else none. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (accepts(header, 'br')) return 'br';
  return accepts(header, 'gzip') ? 'gzip' : null;
}

/** Whether a response of this type and size is sent compressed to a client that accepts it. */
export function worthCompressing(type: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && TEXT_TYPE.test(type);
}

export function compress(body: string | Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'gzip') return new Uint8Array(gzipSync(body, { level: 9 }));
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size };
  return new Uint8Array(brotliCompressSync(body, { params }));
}

/**
 * The `encoding` of `body`, made once per `key` (a file and the variant served from it), or null
 * when compressing does not make it smaller (a small file that is already dense). With `file` (a
 * built file served as it is), the build's compressed copy beside it is used when there is one.
 */
export function compressOnce(key: string, body: string | Uint8Array, encoding: Encoding, file?: string): Uint8Array<ArrayBuffer> | null {
  const cacheKey = `${encoding}\0${key}`;
  let zipped = compressed.get(cacheKey);
  if (!zipped) {
    zipped = (file && readPrecompressed(file, encoding)) || compress(body, encoding);
    compressed.set(cacheKey, zipped);
  }
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return zipped.byteLength < size ? zipped : null;
}
