import { useEffect, useState } from 'react';
import type { Base44Client } from '../../sdk/index.ts';
import { type ViewSums, watchViewTally } from './viewTallyFeed.ts';
import { startFromTally, type TallySource, type TallyStart } from './viewTallyLoad.ts';

/** The sums of a tally that has arrived already, for the first picture; a malformed one is left to the feed's load. */
function arrivedStart(source: TallySource): TallyStart | undefined {
  const tally = source.arrived();
  try {
    return tally === undefined ? undefined : startFromTally(tally);
  } catch {
    return undefined;
  }
}

/**
 * The sums of every SlideView record, kept current while the console is open (viewTallyFeed.ts).
 * When the tally arrived before the console's code, the first picture already shows it.
 */
export function useViewTally(client: Base44Client, source: TallySource): ViewSums {
  const [initial] = useState(() => arrivedStart(source));
  const [sums, setSums] = useState<ViewSums>({ book: initial?.book ?? null, revision: 0, error: null });
  useEffect(() => watchViewTally(client, source, setSums, undefined, initial), [client, source, initial]);
  return sums;
}
