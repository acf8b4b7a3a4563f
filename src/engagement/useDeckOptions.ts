import { useEffect, useState } from 'react';
import type { DeckOptions } from '../../schemas/engagementPaths.ts';
import type { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import type { Base44Client } from '../sdk/index.ts';
import { followDeckOptions } from './deckOptionsFeed.ts';

/** The deck's options through `client`, following live changes; null until the first read answers, or when it failed. */
export function useDeckOptions(client: Base44Client, share: typeof shareAccessSocket): DeckOptions | null {
  const [options, setOptions] = useState<DeckOptions | null>(null);
  useEffect(() => followDeckOptions(client, setOptions, share), [client, share]);
  return options;
}
