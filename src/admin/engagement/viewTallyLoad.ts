import { ENGAGEMENT_ENTITY, ENGAGEMENT_FUNCTION, type ViewTally } from '../../../schemas/engagementPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { listAllViews } from './viewRecords.ts';
import { bookOfRecords, bookOfTally, isViewTally, type TallyBook } from './viewTally.ts';

/** The sums to start from, and the ids of summed records whose live "create" may still arrive. */
export interface TallyStart {
  book: TallyBook;
  counted: Set<string>;
}

/**
 * Where the console's tally comes from (ENGAGEMENT_FUNCTION.tally). The console's route asks the
 * first time, beside the console's code, so the answer is often there before the console draws.
 */
export interface TallySource {
  /** Asks for the tally: the route's first answer once, a fresh request each time after. */
  ask(): Promise<ViewTally>;
  /** The route's first answer if it has arrived and is not used yet: the console's first picture can show it (a look, not a use: a render may be thrown away). */
  arrived(): ViewTally | undefined;
  /** The first answer was drawn: the next ask is a fresh request. */
  settle(): void;
}

/** The sums of a tally the platform answered. */
export function startFromTally(tally: unknown): TallyStart {
  if (!isViewTally(tally)) throw new Error(`The platform's ${ENGAGEMENT_FUNCTION.tally} answered something other than a tally of views.`);
  return { book: bookOfTally(tally), counted: new Set(tally.recent) };
}

/**
 * Starts the console's sums from the platform's tally. A platform without the function (404) gets
 * every raw record listed and summed here instead: slower, the same figures.
 */
export async function startTally(client: Base44Client, source: TallySource): Promise<TallyStart> {
  try {
    return startFromTally(await source.ask());
  } catch (failure) {
    if ((failure as { status?: number } | null)?.status !== 404) throw failure;
    const records = await listAllViews(client.entities[ENGAGEMENT_ENTITY.view]!);
    return { book: bookOfRecords(records), counted: new Set(records.map((record) => record.id)) };
  }
}
