import type { ServedVersion } from '../records/deckVersions.ts';

// Mail names a page as the partner reads it, by its number and title ("4 · Market", the console's
// words too), never by its address: an owner reading on the phone thinks in pages, not routes.

/** The words for the page at `path`: its place and title from the served ledger, else words made from the address. */
export function pageName(served: ServedVersion | null | undefined, path: string): string {
  const page = served?.ledger.pages[path];
  if (page) return `${page.order ?? 'A'} · ${page.label}`;
  const slug = path.replace(/^\//, '');
  if (!slug) return 'The first page';
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The place of `path` in the deck, for listing pages in reading order (pages outside it last). */
export function pageOrder(served: ServedVersion | null | undefined, path: string): number {
  return served?.ledger.pages[path]?.order ?? Number.MAX_SAFE_INTEGER;
}
