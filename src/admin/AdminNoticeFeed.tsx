import { useEffect } from 'react';
import type { Base44Client } from '../sdk/index.ts';
import { watchRequestNotices, type Notify } from './requestNotices.ts';

export interface AdminNoticeFeedProps {
  client: Base44Client;
  /** Shows one notice (a toast in the deck). */
  onNotice: Notify;
}

/** For as long as an admin's deck is open: a notice for each new access or consultation request. */
export default function AdminNoticeFeed({ client, onNotice }: AdminNoticeFeedProps) {
  useEffect(() => watchRequestNotices(client, onNotice), [client, onNotice]);
  return null;
}
