import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { getMimeType } from 'hono/utils/mime';
import { PRECOMPRESSED, worthCompressing } from '../platform/http/compression.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file below `dir`, as paths relative to it. */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesBelow(dir, join(prefix, entry.name)) : Promise.resolve([join(prefix, entry.name)]))),
  );
  return nested.flat();
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each built text file the server
 * sends as it is (scripts, styles, SVG, JSON; not the pages, which the platform fills per request),
 * so no process compresses on a partner's first request. A copy that is not smaller is not written.
 * Returns how many copies were written.
 */
export async function precompressAssets(dir: string): Promise<number> {
  const files = (await filesBelow(dir)).filter((file) => !file.endsWith('.html') && !Object.values(PRECOMPRESSED).some((ext) => file.endsWith(ext)));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const type = getMimeType(file);
      const body = await readFile(join(dir, file));
      if (!type || !worthCompressing(type, body.byteLength)) return;
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      };
      const copies = [
        [PRECOMPRESSED.br, await brotli(body, { params })],
        [PRECOMPRESSED.gzip, await gzipAsync(body, { level: 9 })],
      ] as const;
      for (const [ext, zipped] of copies) {
        if (zipped.byteLength >= body.byteLength) continue;
        await writeFile(join(dir, file + ext), zipped);
        written += 1;
      }
    }),
  );
  return written;
}
