import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { precompressAssets } from '../../src/build/precompress.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, chooseEncoding } from '../../src/platform/http/compression.ts';
import { request } from 'node:http';
import { fakeDeck, startTestPlatform, type TestPlatform } from './harness.ts';

// The built deck goes out compressed to clients that accept it (brotli, else gzip): before, `npm start`
// sent a partner's first visit uncompressed (about 300 KB instead of about 90).
const script = `export const words = ${JSON.stringify('the reverse mortgage ecosystem '.repeat(200))};`;
const deck = fakeDeck({
  'index.html': '<h1>COVER</h1>',
  '_gate.html': `<html><head><title>x</title></head><body><div id="root">GATE ${'shell '.repeat(400)}</div></body></html>`,
  '404.html': '<h1>NOT FOUND</h1>',
  'login.html': '<form>LOGIN</form>',
  'assets/main-abc123.js': script,
  'assets/tiny-abc123.js': 'console.log(1)',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});
let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck.remove();
});

/** A GET with exactly this Accept-Encoding (fetch would add its own and unzip), body as bytes. */
function get(path: string, encoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { hostname, port } = new URL(p.url);
  return new Promise((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'Accept-Encoding': encoding };
    const req = request({ host: hostname, port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression of the built deck', () => {
  it('sends a script brotli-compressed to a client that accepts brotli, the same bytes once decompressed', async () => {
    const zipped = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('br');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(zipped.body).toString('utf8')).toBe(script);
  });

  it('sends it gzip-compressed to a client that accepts gzip only', async () => {
    const zipped = await get('/assets/main-abc123.js', 'gzip, deflate');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.body.length).toBeLessThan(script.length / 10);
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(script);
  });

  it('sends it as it is to a client that accepts neither, or refuses them with q=0', async () => {
    for (const encoding of [undefined, 'identity', 'gzip;q=0, br;q=0, identity', 'zstd']) {
      const plain = await get('/assets/main-abc123.js', encoding);
      expect(plain.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(script);
    }
  });

  it('compresses pages with the app id tag, and leaves bodies too small to gain as they are', async () => {
    const gate = await get('/', 'gzip');
    expect(gate.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gate.body).toString('utf8')).toContain('<meta name="base44-app-id" content="testapp" />');
    const tiny = await get('/assets/tiny-abc123.js', 'gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe('console.log(1)');
  });

  it('reads Accept-Encoding as the HTTP rules say', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, zstd')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
  });
});

// The build compresses the files sent as they are, so no process spends a brotli pass at
// quality 11 on a partner's first request for each file.
describe('compressed copies made by the build', () => {
  const built = fakeDeck({
    'index.html': `<h1>COVER</h1>${'cover words '.repeat(100)}`,
    '_gate.html': '<html><body>GATE</body></html>',
    'assets/main-def456.js': script,
    'assets/tiny-def456.js': 'console.log(1)',
  });
  let q: TestPlatform;
  beforeAll(async () => {
    expect(await precompressAssets(built.dir)).toBe(2);
    q = await startTestPlatform('private_with_login', { staticDir: built.dir });
  }, 60_000);
  afterAll(async () => {
    await q?.close();
    built.remove();
  });

  /** The bytes as sent, before any decoding (fetch would decode them, and pick its own Accept-Encoding). */
  const fetchRaw = (path: string, encoding: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const { hostname, port } = new URL(q.url);
      request({ host: hostname, port, path, headers: { 'Accept-Encoding': encoding }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });

  it('writes a brotli and a gzip copy of each script worth it, none of a page or of a tiny file', () => {
    const file = join(built.dir, 'assets/main-def456.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    for (const name of ['index.html', 'assets/tiny-def456.js']) {
      expect(existsSync(join(built.dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(built.dir, `${name}.gz`)), name).toBe(false);
    }
  });

  it('sends those copies byte for byte instead of compressing again', async () => {
    // Copies unlike the server's own (brotli quality 1, gzip level 1): what is sent must be them.
    const file = join(built.dir, 'assets/main-def456.js');
    const quick = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    writeFileSync(`${file}.br`, quick);
    writeFileSync(`${file}.gz`, gzipSync(script, { level: 1 }));
    expect((await fetchRaw('/assets/main-def456.js', 'br')).equals(quick)).toBe(true);
    expect((await fetchRaw('/assets/main-def456.js', 'gzip')).equals(readFileSync(`${file}.gz`))).toBe(true);
  });

  it('ignores a copy older than its file, so a file rewritten after the build is sent as it now is', async () => {
    const file = join(built.dir, 'assets/late-def456.js');
    const later = script.replace('export const words', 'export const newerWords');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    // The file is rewritten after its copy was made, as a deploy step that edits files in place would.
    writeFileSync(file, later);
    utimesSync(`${file}.br`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(brotliDecompressSync(await fetchRaw('/assets/late-def456.js', 'br')).toString()).toBe(later);
  });
});
