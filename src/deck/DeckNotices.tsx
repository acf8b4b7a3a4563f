import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';

// Notices a person must be able to read past (what changed since their visit, that time is
// recorded) sit in the page's flow under the header, never over the page; an admin's "View as" bar
// sits above the header. Lazy chunks put theirs here through a portal, so the root's layout stays
// in one place.

export { FRAME_BAR_SLOT_ID, NOTICE_SLOT_ID } from '../../schemas/pageSlots.ts';

/** One of the slots (schemas/pageSlots.ts), where the root lays it out. */
export function NoticeSlot({ id }: { id: string }) {
  return <div id={id} className={id} />;
}

/** `children` in the slot `id`, or where it stands when the page has no such slot (a test, a screen outside the deck). */
export function InNoticeSlot({ id, children }: { id: string; children: ReactNode }) {
  const slot = typeof document === 'undefined' ? null : document.getElementById(id);
  return slot ? createPortal(children, slot) : <>{children}</>;
}
