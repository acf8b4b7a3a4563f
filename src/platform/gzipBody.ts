import { gzipSync } from 'node:zlib';

// The built deck is a few hundred KB of text that never changes while the server runs: each file is
// compressed once, at the highest level, and kept (a partner's first visit is then ~90 KB, not ~300).
const compressed = new Map<string, Uint8Array<ArrayBuffer>>();

/** Types worth compressing: text. Images other than SVG and fonts are compressed already. */
const TEXT_TYPE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/** Bodies below this many bytes are sent as they are: gzip's own header would eat the saving. */
const MIN_BYTES = 1024;

/** Whether an `Accept-Encoding` header accepts gzip (`gzip` or `*`, and not with `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';').map((piece) => piece.trim());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Whether a response of this type and size is sent compressed to a client that accepts it. */
export function worthCompressing(type: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && TEXT_TYPE.test(type);
}

/** The gzip of `body`, made once per `key` (a file and the variant served from it). */
export function gzipOnce(key: string, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  let zipped = compressed.get(key);
  if (!zipped) {
    zipped = new Uint8Array(gzipSync(body, { level: 9 }));
    compressed.set(key, zipped);
  }
  return zipped;
}
