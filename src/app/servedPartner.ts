import { PARTNER_META, type ViewerPartner } from '../../schemas/viewerPartner.ts';

let read = false;
let served: ViewerPartner | null = null;

/**
 * The partner the local platform filled into this page as it served it (`<meta name="deck-partner">`,
 * issue 25), so the deck hydrates with the very text the page shows; null on a static host, standalone
 * and in the prerender. Read once: the tag is the page's first state, not a live value.
 */
export function servedPartner(): ViewerPartner | null {
  if (read || typeof document === 'undefined') return served;
  read = true;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${PARTNER_META}"]`)?.content;
  try {
    const value = content ? (JSON.parse(content) as Partial<ViewerPartner>) : null;
    if (value && typeof value.name === 'string' && typeof value.line === 'string' && typeof value.licence === 'string') {
      served = { name: value.name, line: value.line, licence: value.licence, source: value.source === 'own' ? 'own' : 'deck' };
      if (typeof value.viewing === 'string') served.viewing = value.viewing;
    }
  } catch {
    served = null;
  }
  return served;
}
