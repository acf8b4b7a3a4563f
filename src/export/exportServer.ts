import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** The print document's loopback server while chromium prints it. */
export interface ExportServer {
  /** The document's address (a random path on a random loopback port). */
  url: string;
  /** `path sha256` of every file chromium fetched besides the document, sorted: part of the PDF's input. */
  servedFiles(): string[];
  close(): Promise<void>;
}

/**
 * Serves the print document from memory and the images, stylesheets and fonts it names from dist/,
 * on 127.0.0.1 only and only for the export's own chromium. Nothing is written into dist/, so no
 * visitor of the deck can fetch the stacked document. Pages, scripts and anything outside dist/ are
 * refused: the document needs none of them.
 */
export async function startExportServer(distDir: string, document: string): Promise<ExportServer> {
  const root = resolve(distDir);
  const documentPath = `/print-${randomBytes(12).toString('hex')}`;
  const served = new Map<string, string>();
  const server = createServer((request, response) => {
    const refuse = () => response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      return refuse();
    }
    if (request.method !== 'GET') return refuse();
    if (path === documentPath) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(document);
      return;
    }
    const file = resolve(root, `.${sep}${path}`);
    const type = TYPES[extname(file).toLowerCase()];
    if (!type || !file.startsWith(root + sep)) return refuse();
    readFile(file).then(
      (body) => {
        served.set(path, createHash('sha256').update(body).digest('hex'));
        response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
      },
      () => refuse(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${documentPath}`,
    servedFiles: () => [...served].map(([path, hash]) => `${path} ${hash}`).sort(),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
