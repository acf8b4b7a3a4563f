import type { ViewerChanges } from '../../../schemas/versionPaths.ts';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "3 figures on 2 pages": the changed figures and the distinct pages that show them. */
export function changeCount(figures: NonNullable<ViewerChanges['figures']>): string {
  const pages = new Set(figures.flatMap((figure) => figure.pages.map((page) => page.path)));
  return `${plural(figures.length, 'figure')} on ${plural(pages.size, 'page')}`;
}

/** "12 November" (with the year when it is not this one's), in the reader's time zone. */
export function visitDay(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const sameYear = at.getFullYear() === now.getFullYear();
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) });
}
