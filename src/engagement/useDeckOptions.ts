import { useEffect, useState } from 'react';
import type { DeckOptions } from '../../schemas/engagementPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

/**
 * The deck's options once the viewer is admitted, following live changes; null standalone, before
 * the first read answers, or when it failed (then nothing is shown and nothing recorded). The
 * reading code loads with the session, never on the standalone deck.
 */
export function useDeckOptions(client: Base44Client | null | undefined, admitted: boolean): DeckOptions | null {
  const [options, setOptions] = useState<DeckOptions | null>(null);
  useEffect(() => {
    setOptions(null);
    if (!client || !admitted) return undefined;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./sessionFeeds.ts').then(({ followDeckOptions }) => {
      if (!stopped) stop = followDeckOptions(client, setOptions);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [client, admitted]);
  return options;
}
