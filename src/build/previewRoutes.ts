import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { canonicalPath } from '../deck/navigation.ts';

/**
 * `vite preview` as a static host should answer: each route from its prerendered file, other
 * spellings of a route redirected to it, and the prerendered 404 screen (status 404) for the rest.
 */
export function previewRoutesPlugin(pages: () => ReadonlyArray<{ name: string; path: string }>): Plugin {
  return {
    name: 'deck:preview-routes',
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir;
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const path = decodeURIComponent(url.pathname);
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        if (/\.[a-z0-9]+$/i.test(path) || path.startsWith('/@')) return next();
        const known = pages();
        if (known.some((page) => page.path === path)) return next();
        const canonical = canonicalPath(path, known);
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
