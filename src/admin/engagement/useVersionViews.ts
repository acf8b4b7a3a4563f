import { useEffect, useState } from 'react';
import { ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import { type DeckVersionEntry, type DeckVersionList, VERSION_ENTITY } from '../../../schemas/versionPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { fieldError } from '../fieldError.ts';
import { listAllViews, VIEW_PAGE_SIZE, VIEW_PAGES_AT_ONCE } from './viewRecords.ts';
import { bookOfRecords, type TallyBook } from './viewTally.ts';

/** The deck's versions (for the filter), and for a chosen one the sums of its own view records. */
export interface VersionViews {
  versions: DeckVersionEntry[];
  /** The chosen version's sums; null for every version or while they load. */
  book: TallyBook | null;
  loading: boolean;
  error: string | null;
}

/**
 * Engagement per version (issue 27): view records carry the version the platform served, so one
 * version's time per slide is the sum of its records, read when an admin picks it (a snapshot; the
 * every-version view stays live).
 */
export function useVersionViews(client: Base44Client, versionId: string | null): VersionViews {
  const [versions, setVersions] = useState<DeckVersionEntry[]>([]);
  const [state, setState] = useState<Omit<VersionViews, 'versions'>>({ book: null, loading: false, error: null });
  useEffect(() => {
    let live = true;
    (client.entities[VERSION_ENTITY]!.list() as unknown as Promise<DeckVersionList>).then(
      (list) => live && setVersions(list.versions),
      // Without versions (an older platform, a deck without a ledger) there is simply no filter.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  useEffect(() => {
    if (!versionId) {
      setState({ book: null, loading: false, error: null });
      return;
    }
    let live = true;
    setState({ book: null, loading: true, error: null });
    listAllViews(client.entities[ENGAGEMENT_ENTITY.view]!, VIEW_PAGE_SIZE, VIEW_PAGES_AT_ONCE, { version_id: versionId }).then(
      (records) => live && setState({ book: bookOfRecords(records), loading: false, error: null }),
      (failure: unknown) => live && setState({ book: null, loading: false, error: fieldError(failure).message }),
    );
    return () => {
      live = false;
    };
  }, [client, versionId]);
  return { versions, ...state };
}
