import { createPortal } from 'react-dom';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import { FRAME_BAR_SLOT_ID } from '../../schemas/pageSlots.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';
import './viewAsBar.css';

/**
 * Above an admin's "View as" page, outside it: whose page this is, and one click back to People (a
 * full load, so the deck is the admin's own again). Loaded only on such a page.
 */
export default function ViewAsBar({ email, partner }: { email: string; partner: ViewerPartner | null }) {
  const bar = (
    <aside className="view-as-bar" aria-label="Viewing as someone else">
      <p className="view-as-bar__text">
        Viewing as <strong>{email}</strong>
        {partner?.line ? `, prepared for ${partner.line}` : ''}. You are signed in as yourself, and nothing here is recorded.
      </p>
      <a className="view-as-bar__back" href={`${ADMIN_PATH}#admin-people`}>
        Back to People
      </a>
    </aside>
  );
  const slot = document.getElementById(FRAME_BAR_SLOT_ID);
  return slot ? createPortal(bar, slot) : bar;
}
