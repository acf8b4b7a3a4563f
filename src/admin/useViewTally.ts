import { useEffect, useState } from 'react';
import type { Base44Client } from '../sdk/index.ts';
import { type ViewSums, watchViewTally } from './viewTallyFeed.ts';
import type { AskTally } from './viewTallyLoad.ts';

/** The sums of every SlideView record, kept current while the console is open (viewTallyFeed.ts). */
export function useViewTally(client: Base44Client, askTally: AskTally): ViewSums {
  const [sums, setSums] = useState<ViewSums>({ book: null, revision: 0, error: null });
  useEffect(() => watchViewTally(client, askTally, setSums), [client, askTally]);
  return sums;
}
