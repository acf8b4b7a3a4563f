/** The page the spec puts at `/`. */
export const MAIN_PAGE = 'Cover';

/**
 * The route is the page name lowercased, spaces as hyphens, behind a slash;
 * Cover is the main page at `/`.
 */
export function slidePath(name: string): string {
  if (name === MAIN_PAGE) return '/';
  return `/${name.toLowerCase().replace(/\s+/g, '-')}`;
}

// Case, hyphens, underscores, spaces and trailing slashes are how typed spellings of one route differ.
function routeKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/[-_\s]|%20/g, '')
    .replace(/\/+$/, '');
}

/**
 * The canonical route for a path a visitor typed, for every server and the client router alike:
 * `/executive-summary`, `/Executive-Summary` and `/executivesummary/` become `/executivesummary`,
 * `/cover` becomes `/`. The path itself when it is already canonical; null when no page answers.
 */
export function canonicalRoute(path: string, pages: ReadonlyArray<{ path: string; name: string }>): string | null {
  if (pages.some((page) => page.path === path)) return path;
  const wanted = routeKey(path);
  const page = pages.find((entry) => routeKey(entry.path) === wanted || routeKey(`/${entry.name}`) === wanted);
  return page ? page.path : null;
}
