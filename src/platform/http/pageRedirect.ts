import { readdirSync } from 'node:fs';
import { canonicalRoute, MAIN_PAGE } from '../../content/slidePath.ts';

// Only a path of one plain segment may be redirected (`/Executive-Summary`, `/executivesummary/`):
// no dot, percent sign, backslash or second segment, so no spelling that deckFilePath.ts refuses
// (traversal, encoded separators, doubled slashes) is ever looked at here.
const PAGE_LIKE = /^\/[A-Za-z0-9_-]+\/?$/;

// Built files that are not pages of the deck: the 404 screen, the gate shell, the sign-in page.
const NOT_A_PAGE = /^(_|404\.html$|login\.html$)/;

/** The deck's pages as the build wrote them: `index.html` is the main page at `/`, `market.html` is `/market`. */
export function builtPages(root: string): Array<{ path: string; name: string }> {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.html') && !NOT_A_PAGE.test(name))
    .map((name) => {
      const base = name.slice(0, -'.html'.length);
      return base === 'index' ? { path: '/', name: MAIN_PAGE } : { path: `/${base}`, name: base };
    });
}

/**
 * Where another spelling of a page route should go (`/executive-summary` → `/executivesummary`,
 * with the query kept), or null when `path` is canonical, not page-like, or names no page. The
 * same rule as the preview server and the client router (src/content/slidePath.ts canonicalRoute).
 */
export function pageRedirect(path: string, search: string, pages: ReadonlyArray<{ path: string; name: string }>): string | null {
  if (!PAGE_LIKE.test(path)) return null;
  const canonical = canonicalRoute(path, pages);
  return canonical && canonical !== path ? canonical + search : null;
}
