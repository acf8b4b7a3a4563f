import { ENGAGEMENT_ENTITY, type SlideViewRecord } from '../../../schemas/engagementPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { fieldError } from '../fieldError.ts';
import type { RecordChange } from '../recordChanges.ts';
import { addRecord, type TallyBook } from './viewTally.ts';
import { startTally, type TallySource, type TallyStart } from './viewTallyLoad.ts';

/** How long the console gathers live views before drawing again: a viewer's flush is one bulk of many records. */
export const VIEW_REFRESH_MS = 100;

/** The sums of every SlideView record as the console holds them: null while loading; `revision` grows with each change. */
export interface ViewSums {
  book: TallyBook | null;
  revision: number;
  error: string | null;
}

/**
 * Keeps the sums of every SlideView record current from the entity's room, and hands them to
 * `onSums` at most every `refreshMs`. A new record is added as it comes (one arriving during a
 * load after it, unless the load had counted it already); an edit or a deletion cannot be taken
 * out of a sum, so it has the sums read again. `initial`: sums the caller has drawn from the source's
 * first answer (no first load then; the source is told, so a later load asks afresh). Returns the undo.
 */
export function watchViewTally(
  client: Base44Client,
  source: TallySource,
  onSums: (sums: ViewSums) => void,
  refreshMs = VIEW_REFRESH_MS,
  initial?: TallyStart,
): () => void {
  let live = true;
  let book: TallyBook | null = initial?.book ?? null;
  let counted = initial?.counted ?? new Set<string>();
  // Changes that came during a load, applied after it; null while no load runs.
  let pending: Array<RecordChange<SlideViewRecord>> | null = null;
  let revision = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const draw = () => {
    timer = undefined;
    if (live && book) onSums({ book, revision: ++revision, error: null });
  };
  const add = (change: RecordChange<SlideViewRecord>) => {
    if (!counted.delete(change.id)) addRecord(book!, { ...change.data, id: change.id });
  };
  const load = () => {
    pending = [];
    startTally(client, source).then(
      (start) => {
        if (!live) return;
        const during = pending ?? [];
        pending = null;
        book = start.book;
        counted = start.counted;
        if (during.some((change) => change.type !== 'create')) return load();
        during.forEach(add);
        draw();
      },
      (failure: unknown) => {
        pending = null;
        if (live) onSums({ book, revision, error: fieldError(failure).message });
      },
    );
  };
  const stop = client.entities[ENGAGEMENT_ENTITY.view]!.subscribe((event) => {
    const change = event as unknown as RecordChange<SlideViewRecord>;
    if (pending) pending.push(change);
    else if (change.type !== 'create') load();
    else if (book) {
      add(change);
      timer ??= setTimeout(draw, refreshMs);
    }
  });
  if (initial) source.settle();
  else load();
  return () => {
    live = false;
    clearTimeout(timer);
    stop();
  };
}
