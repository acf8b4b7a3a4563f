/** What go-to needs of a page. */
export interface GotoPage {
  path: string;
  label: string;
  title: string;
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The pages a go-to query names, best first: a number is the page at that place (1-based); words
 * match a label exactly, then the start of a label, then words anywhere in a label or title.
 */
export function gotoMatches<T extends GotoPage>(query: string, pages: readonly T[]): T[] {
  const text = query.trim();
  if (text === '') return [];
  if (/^\d+$/.test(text)) {
    const page = pages[Number(text) - 1];
    return page ? [page] : [];
  }
  const wanted = fold(text);
  if (wanted === '') return [];
  const rank = (page: T): number => {
    const label = fold(page.label);
    if (label === wanted) return 0;
    if (label.startsWith(wanted)) return 1;
    const words = wanted.split(' ');
    const haystack = ` ${label} ${fold(page.title)} ${fold(page.path)}`;
    if (words.every((word) => haystack.includes(` ${word}`))) return 2;
    return words.every((word) => haystack.includes(word)) ? 3 : -1;
  };
  return pages
    .map((page, index) => ({ page, index, rank: rank(page) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.page);
}
