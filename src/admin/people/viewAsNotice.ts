import { ADMIN_PATH } from '../../../schemas/accessPaths.ts';
import { PARTNER_META, type ViewerPartner } from '../../../schemas/viewerPartner.ts';
import type { Notify } from './requestNotices.ts';

/**
 * An admin's "View as" page says whose deck it shows: the platform marks the page's partner
 * tag with that person's address. Read from the tag the server wrote, as the page itself does.
 */
export function noticeViewAs(notify: Notify, doc: Document = document): void {
  let partner: ViewerPartner | null = null;
  try {
    const content = doc.querySelector<HTMLMetaElement>(`meta[name="${PARTNER_META}"]`)?.content;
    partner = content ? (JSON.parse(content) as ViewerPartner) : null;
  } catch {
    partner = null;
  }
  if (!partner?.viewing) return;
  notify(
    `You are viewing the deck as ${partner.viewing} sees it, prepared for ${partner.line}. You are still signed in as yourself, and nothing here is recorded.`,
    {
      label: 'Back to People',
      href: `${ADMIN_PATH}#admin-people`,
    },
  );
}
