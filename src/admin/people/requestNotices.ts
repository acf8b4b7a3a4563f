import { ACCESS_ENTITY, ADMIN_PATH } from '../../../schemas/accessPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { requester } from './requests.ts';

/** A link a notice carries: where to act on it. */
export interface NoticeLink {
  label: string;
  href: string;
}

/** Shows one notice (a toast in the deck). */
export type Notify = (message: string, link?: NoticeLink) => void;

const CONSOLE_LINK: NoticeLink = { label: 'Open the admin console', href: ADMIN_PATH };

/** What a new record of each room is called in a notice. */
const NOTICES = [
  { entity: ACCESS_ENTITY.accessRequest, words: 'Access request from' },
  { entity: ACCESS_ENTITY.consultation, words: 'Consultation request from' },
] as const;

/**
 * Announces each new access or consultation request ("Access request from EMAIL", with a link to
 * the console) from the two entity rooms; updates (a decision, "handled") say nothing. Returns the
 * undo, which ends both subscriptions.
 */
export function watchRequestNotices(client: Base44Client, notify: Notify): () => void {
  const stops = NOTICES.map(({ entity, words }) =>
    client.entities[entity]!.subscribe((change) => {
      if (change.type !== 'create') return;
      const data = change.data as { email?: string; created_by?: string };
      notify(`${words} ${requester({ email: data.email, created_by: data.created_by })}`, CONSOLE_LINK);
    }),
  );
  return () => stops.forEach((stop) => stop());
}
