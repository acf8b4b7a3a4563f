import type { ViewerPartner } from '../../schemas/viewerPartner.ts';
import { ownPartner, partnerOfSettings } from '../../schemas/partnerValues.ts';
import type { GateSession } from '../auth/AuthGate.tsx';
import { loadDeckPartner } from '../registry/slideRegistry.ts';
import { platformAppId } from './platformAppId.ts';

/**
 * The viewer's partner where no server filled it into the page: a static host, the
 * standalone build. Their own Prepared-for from their record, else the deck-wide partner from its
 * own chunk, fetched only then (standalone, or once a signed-in viewer is known to have none); null
 * while the viewer is not known. Loaded only on such pages: the local platform's pages carry their
 * partner, so this code is not part of their first visit.
 */
export async function fallbackPartner(user: GateSession['user']): Promise<ViewerPartner | null> {
  const own = ownPartner(user?.prepared_for);
  if (own) return own;
  if (!user?.id && platformAppId() !== null) return null;
  return partnerOfSettings(await loadDeckPartner());
}
