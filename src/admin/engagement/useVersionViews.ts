import { useEffect, useState } from 'react';
import { ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { fieldError } from '../fieldError.ts';
import { listAllViews, VIEW_PAGE_SIZE, VIEW_PAGES_AT_ONCE } from './viewRecords.ts';
import { bookOfRecords, type TallyBook } from './viewTally.ts';

/** The sums of one version's own view records. */
export interface VersionViews {
  /** The chosen version's sums; null for every version or while they load. */
  book: TallyBook | null;
  loading: boolean;
  error: string | null;
}

/**
 * Engagement per version: view records carry the version the platform served, so one
 * version's time per slide is the sum of its records, read when an admin picks it (a snapshot; the
 * every-version view stays live).
 */
export function useVersionViews(client: Base44Client, versionId: string | null): VersionViews {
  const [state, setState] = useState<VersionViews>({ book: null, loading: false, error: null });
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
  return state;
}
