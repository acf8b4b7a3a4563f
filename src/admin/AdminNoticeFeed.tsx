import { useEffect } from 'react';
import { ACCESS_ENTITY, ADMIN_PATH } from '../../schemas/accessPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { requester } from './requests.ts';

/** A link a notice carries: where to act on it. */
export interface NoticeLink {
  label: string;
  href: string;
}

export interface AdminNoticeFeedProps {
  client: Base44Client;
  /** Shows one notice (a toast in the deck). */
  onNotice(message: string, link?: NoticeLink): void;
}

const CONSOLE_LINK: NoticeLink = { label: 'Open the admin console', href: ADMIN_PATH };

/** What a new record of each room is called in a notice. */
const NOTICES = [
  { entity: ACCESS_ENTITY.accessRequest, words: 'Access request from' },
  { entity: ACCESS_ENTITY.consultation, words: 'Consultation request from' },
] as const;

/**
 * Listens to the access and consultation request rooms for as long as an admin's deck is open and
 * announces each new request; the subscriptions end with the component.
 */
export default function AdminNoticeFeed({ client, onNotice }: AdminNoticeFeedProps) {
  useEffect(() => {
    const stops = NOTICES.map(({ entity, words }) =>
      client.entities[entity]!.subscribe((change) => {
        if (change.type !== 'create') return;
        const data = change.data as { email?: string; created_by?: string };
        onNotice(`${words} ${requester({ email: data.email, created_by: data.created_by })}`, CONSOLE_LINK);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [client, onNotice]);
  return null;
}
