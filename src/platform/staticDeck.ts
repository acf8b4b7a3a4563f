import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { CONTENT_ASSETS_DIR } from '../build/contentChunks.ts';
import { checkGate, resolveCaller } from './access.ts';
import { findApp } from './apps.ts';
import { notFound } from './errors.ts';
import type { PlatformContext } from './httpTypes.ts';
import { sessionToken } from './session.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

// Pages that hold no deck content: served to anyone.
const OPEN_PAGES = new Set(['_gate.html', '404.html', 'login.html']);

// The built deck does not change while the server runs (npm start builds first), so each file is
// looked up and read once. Disk reads go through libuv's small thread pool, which password hashing
// (scrypt) also uses: under a sign-in rush, uncached page reads waited seconds behind it.
const found = new Map<string, string | null>();
const contents = new Map<string, Uint8Array<ArrayBuffer>>();

async function fileIn(root: string, relative: string): Promise<string | null> {
  const file = resolve(root, `.${sep}${relative}`);
  // resolve() folds `..`; anything that lands outside the deck folder is simply not there.
  if (file !== root && !file.startsWith(root + sep)) return null;
  if (!found.has(file)) found.set(file, (await stat(file).catch(() => null))?.isFile() ? file : null);
  return found.get(file) ?? null;
}

async function readCached(file: string): Promise<Uint8Array<ArrayBuffer>> {
  let body = contents.get(file);
  if (!body) {
    body = new Uint8Array(await readFile(file));
    contents.set(file, body);
  }
  return body;
}

// The pages learn the app id from the server that serves them (the deck settings keep the platform
// block server-side); the sign-in page reads this tag (src/login/loginClient.ts).
function withAppId(html: Uint8Array, appId: string): string {
  const tag = `<meta name="base44-app-id" content="${appId.replace(/[^A-Za-z0-9_-]/g, '')}" />`;
  const text = Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8');
  return text.includes('</head>') ? text.replace('</head>', `${tag}</head>`) : text;
}

async function send(c: Context, file: string, status: 200 | 404, cache: string, appId?: string): Promise<Response> {
  const raw = await readCached(file);
  const body = appId && extname(file) === '.html' ? withAppId(raw, appId) : raw;
  return c.body(body, status, {
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cache,
  });
}

/**
 * Serves the built deck. A login-visibility deck's pages carry its content (they are prerendered),
 * so without the session cookie of a user the gate lets in, a page request gets `_gate.html` (the
 * content-free shell, 200, no-store), whose script then sends the visitor to /login or shows
 * Access Restricted.
 */
export function registerStaticDeck(app: Hono, ctx: PlatformContext): void {
  const root = resolve(ctx.staticDir);

  const mayView = async (c: Context): Promise<boolean> => {
    const deckApp = await findApp(ctx.db, ctx.deckAppId);
    if (!deckApp || deckApp.visibility === 'public_without_login') return true;
    const token = sessionToken(c);
    if (!token) return false;
    const caller = await resolveCaller(ctx.db, deckApp, token, ctx.serviceToken);
    try {
      checkGate(deckApp, caller.kind === 'user' ? caller : { kind: 'invalid' });
      return true;
    } catch {
      return false;
    }
  };

  app.get('*', async (c) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      path = '/\0';
    }
    if (path.startsWith('/api/') || path.includes('\0')) throw notFound(`No route ${c.req.method} ${c.req.path}`);
    const page = path === '/' ? 'index.html' : path.replace(/^\/+|\/+$/g, '');
    const isPage = extname(page) === '' || extname(page) === '.html';
    const name = extname(page) === '' ? `${page}.html` : page;
    const file = await fileIn(root, name);
    if (!file) {
      const missing = await fileIn(root, '404.html');
      if (missing) return send(c, missing, 404, 'no-cache', ctx.deckAppId);
      return c.text(`Not found. (Is the deck built? ${root} has no 404.html.)`, 404);
    }
    if (!isPage) {
      // Slide chunks carry the same content as the prerendered pages: the same gate, and no shared caches.
      if (path.startsWith(`/${CONTENT_ASSETS_DIR}/`)) {
        c.header('Vary', 'Cookie');
        if (!(await mayView(c))) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
        return send(c, file, 200, 'private, max-age=31536000, immutable');
      }
      const immutable = path.startsWith('/assets/');
      return send(c, file, 200, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    c.header('Vary', 'Cookie');
    if (name === 'login.html') {
      // The deck itself may be framed (it reports its address to a parent window, spec section 7);
      // the sign-in form may not, so no other site can overlay it to harvest clicks or passwords.
      c.header('X-Frame-Options', 'SAMEORIGIN');
      c.header('Content-Security-Policy', "frame-ancestors 'self'");
    }
    if (OPEN_PAGES.has(name) || (await mayView(c))) return send(c, file, 200, 'no-store', ctx.deckAppId);
    const gate = await fileIn(root, '_gate.html');
    if (!gate) return c.text('This deck needs a sign-in, and the gate page (_gate.html) is not built.', 503);
    return send(c, gate, 200, 'no-store', ctx.deckAppId);
  });
}
