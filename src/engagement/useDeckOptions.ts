import { useEffect, useState } from 'react';
import type { DeckOptions } from '../../schemas/engagementPaths.ts';
import type { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import type { Base44Client } from '../sdk/index.ts';
import { followDeckOptions } from './deckOptionsFeed.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';

/** The deck's options through `client`, following live changes (and the person's partner); null until the first read answers, or when it failed. */
export function useDeckOptions(
  client: Base44Client,
  share: typeof shareAccessSocket,
  userId?: string,
  onPartner?: (partner: ViewerPartner) => void,
): DeckOptions | null {
  const [options, setOptions] = useState<DeckOptions | null>(null);
  useEffect(() => followDeckOptions(client, setOptions, share, userId && onPartner ? { userId, onPartner } : undefined), [client, share, userId, onPartner]);
  return options;
}
