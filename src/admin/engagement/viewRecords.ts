import type { SlideViewRecord } from '../../../schemas/engagementPaths.ts';
import type { EntityHandler } from '../../sdk/index.ts';

/** Records per list call: the platform's most (listQuery.ts MAX_LIMIT), so 34,000 views are 7 calls. */
export const VIEW_PAGE_SIZE = 5000;

/**
 * Pages asked for at once: 34,000 views (200 viewers × 17 slides × 10 visits) in one wave of 8, the
 * last empty. A smaller deck's empty pages cost an index lookup each; a larger one takes more waves.
 */
export const VIEW_PAGES_AT_ONCE = 8;

/**
 * Every SlideView record (or those matching `query`), oldest first, in pages of VIEW_PAGE_SIZE asked for `atOnce` at a time,
 * until a page comes back short. Whole records: the platform answers a list without `fields` as
 * the database's own JSON text, much faster than projecting each record. Oldest first, so records written while the pages load land after
 * the last page rather than shifting the others; an id seen twice is kept once.
 */
export async function listAllViews(
  handler: EntityHandler,
  pageSize = VIEW_PAGE_SIZE,
  atOnce = VIEW_PAGES_AT_ONCE,
  query?: Record<string, unknown>,
): Promise<SlideViewRecord[]> {
  const byId = new Map<string, SlideViewRecord>();
  const page = (index: number) =>
    (query ? handler.filter(query, 'created_date', pageSize, index * pageSize) : handler.list('created_date', pageSize, index * pageSize)) as Promise<
      SlideViewRecord[]
    >;
  for (let next = 0; ; next += atOnce) {
    const wave = await Promise.all(Array.from({ length: atOnce }, (_, i) => page(next + i)));
    for (const records of wave) for (const record of records) byId.set(record.id, record);
    if (wave.some((records) => records.length < pageSize)) break;
  }
  return [...byId.values()];
}
