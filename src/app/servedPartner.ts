import { PARTNER_META, type ViewerPartner } from '../../schemas/viewerPartner.ts';

let served: ViewerPartner | null | undefined;

/**
 * The partner the local platform filled into this page as it served it (`<meta name="partner">`),
 * so the deck hydrates with the very text the page shows; null on a static host, standalone
 * and in the prerender. Read once: the tag is the page's first state, not a live value. The platform
 * wrote it (schemas/viewerPartner.ts), so it is not checked again here: every byte counts on a first visit.
 */
export function servedPartner(): ViewerPartner | null {
  if (served === undefined) {
    try {
      // No document in the prerender: that throws too, and the prerender names no partner.
      const content = document.querySelector<HTMLMetaElement>(`meta[name="${PARTNER_META}"]`)?.content;
      served = content ? (JSON.parse(content) as ViewerPartner) : null;
    } catch {
      served = null;
    }
  }
  return served;
}
