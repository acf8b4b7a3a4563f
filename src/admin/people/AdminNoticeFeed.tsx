import { useEffect } from 'react';
import type { Base44Client } from '../../sdk/index.ts';
import { watchOpenedNotices } from './openedNotices.ts';
import { watchRequestNotices, type Notify } from './requestNotices.ts';

export interface AdminNoticeFeedProps {
  client: Base44Client;
  /** Shows one notice (a toast in the deck). */
  onNotice: Notify;
}

/**
 * For as long as an admin's deck is open: a notice for each new access or consultation request, and each
 * viewer who opens the deck.
 */
export default function AdminNoticeFeed({ client, onNotice }: AdminNoticeFeedProps) {
  useEffect(() => {
    const stops = [watchRequestNotices(client, onNotice), watchOpenedNotices(client, onNotice)];
    return () => stops.forEach((stop) => stop());
  }, [client, onNotice]);
  return null;
}
