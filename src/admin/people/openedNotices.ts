import { ADMIN_PATH } from '../../../schemas/accessPaths.ts';
import type { PresenceViewer } from '../../../schemas/engagementPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { watchPresence } from '../engagement/presenceFeed.ts';
import type { NoticeLink, Notify } from './requestNotices.ts';

/** The console's Live section, where an opened-deck notice leads. */
export const LIVE_LINK: NoticeLink = { label: 'See who is viewing', href: `${ADMIN_PATH}#admin-live` };

/** "Ada Lovelace (ada@lender.example) opened the deck", or the email alone when no name is known. */
export function openedText(viewer: Pick<PresenceViewer, 'email' | 'full_name'>): string {
  const name = viewer.full_name?.trim();
  return `${name ? `${name} (${viewer.email})` : viewer.email} opened the deck`;
}

/**
 * Announces each viewer who opens the deck (PresenceUpdate.opened on the admins' presence room),
 * with a link to the console's Live section. Returns the undo, which leaves the room.
 */
export function watchOpenedNotices(client: Base44Client, notify: Notify): () => void {
  return watchPresence(client, (update) => {
    if (update.opened?.email) notify(openedText(update.opened), LIVE_LINK);
  });
}
