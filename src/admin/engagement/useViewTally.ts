import { startTransition, useEffect, useState } from 'react';
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
 * When the tally arrived before the console's code, the first picture already shows it, unless
 * `later`: the console opened at another section, whose own first picture comes first (the views of
 * 200 viewers take a few hundred ms to sum and draw). Every picture after the first is a transition,
 * so it gives way to what the admin is doing or waiting for.
 */
export function useViewTally(client: Base44Client, source: TallySource, later = false): ViewSums {
  const [initial] = useState(() => arrivedStart(source));
  const [sums, setSums] = useState<ViewSums>({ book: later ? null : (initial?.book ?? null), revision: 0, error: null });
  useEffect(() => {
    if (later && initial) startTransition(() => setSums({ book: initial.book, revision: 0, error: null }));
    return watchViewTally(client, source, (next) => startTransition(() => setSums(next)), undefined, initial);
  }, [client, source, initial, later]);
  return sums;
}
