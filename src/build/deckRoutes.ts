import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { canonicalRoute } from '../content/slidePath.ts';

/** Paths that name a page rather than a file or one of Vite's own endpoints. */
function isPagePath(path: string): boolean {
  return !/\.[a-z0-9]+$/i.test(path) && !/^\/(@|src\/|node_modules\/|__)/.test(path);
}

/**
 * Routes for Vite's own servers. `vite` (dev): every page path gets the app's HTML, which renders the
 * route (and `/login` the sign-in page). `vite preview`: what a static host answers: each route from its
 * prerendered file, other spellings redirected to it, the prerendered 404 screen (status 404) otherwise.
 */
export function deckRoutesPlugin(pages: () => ReadonlyArray<{ name: string; path: string }>): Plugin {
  return {
    name: 'deck:routes',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (request.method === 'GET' && isPagePath(url.pathname)) {
          request.url = `${url.pathname === '/login' ? '/login.html' : '/index.html'}${url.search}`;
        }
        next();
      });
    },
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir;
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const path = decodeURIComponent(url.pathname);
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        if (!isPagePath(path)) return next();
        const known = pages();
        if (known.some((page) => page.path === path)) return next();
        const canonical = canonicalRoute(path, known);
        if (canonical) {
          response.statusCode = 301;
          response.setHeader('Location', canonical + url.search);
          return response.end();
        }
        const notFound = join(outDir, '404.html');
        if (!existsSync(notFound)) return next();
        response.statusCode = 404;
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.end(readFileSync(notFound));
      });
    },
  };
}
