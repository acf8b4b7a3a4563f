import { extname } from 'node:path';

// Percent-encoded `/`, `\`, `.` and NUL: no link of the built deck carries them, and each lets a path
// reach a file by another spelling than its own.
const ENCODED_SEPARATOR = /%(2f|5c|2e|00)/i;
// Control characters, backslashes (a separator on Windows) and anything a single decode leaves odd.
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * The path part of a request target as the client sent it: a request line may carry an absolute
 * address (`GET http://host/x`), and the query is not part of the file name.
 */
export function targetPath(target: string): string {
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return path.split(/[?#]/, 1)[0]!;
}

/**
 * The deck file a request path names, relative to the deck folder (`/` → `index.html`,
 * `/market` and `/market/` → `market.html`), or null when the path is not in its one canonical
 * spelling: `.` or `..` segments, doubled slashes, backslashes, encoded `/` `\` `.` or NUL, a
 * trailing slash after a file name. Null means "refuse", before any file is looked up, so the
 * name that is gated is always the name that is read.
 */
export function deckFilePath(rawPath: string): string | null {
  if (!rawPath.startsWith('/') || ENCODED_SEPARATOR.test(rawPath)) return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (FORBIDDEN.test(path)) return null;
  if (path === '/') return 'index.html';
  const segments = path.slice(1).split('/');
  // One trailing slash is how some links name a page; after a file name it is another spelling of it.
  if (segments.length > 1 && segments.at(-1) === '') {
    segments.pop();
    if (extname(segments.at(-1)!) !== '') return null;
  }
  // Empty segments are doubled slashes; Windows folds trailing dots and spaces away, so refuse them too.
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || /[. ]$/.test(segment))) return null;
  const name = segments.join('/');
  return extname(name) === '' ? `${name}.html` : name;
}
