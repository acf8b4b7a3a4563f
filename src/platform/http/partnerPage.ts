import { PARTNER_META, type ViewerPartner } from '../../../schemas/viewerPartner.ts';
import { fillPartnerSlots } from '../../../schemas/partnerValues.ts';
import { compress, type Encoding } from './compression.ts';

// The local platform makes a page personal as it serves it: the prerendered page's partner
// slots (`<span data-partner="name">`, empty in dist/) get this viewer's partner, and a
// `<meta name="partner">` hands the same values to the page's script, which hydrates with them:
// the first paint is right with JavaScript off, and nothing swaps. A page is made once per partner
// (and file, app and framing) and kept, with its policy and compressed bytes, in a bounded cache.
// Its policy is the template's, hashed before any partner value is filled in: whatever a value
// holds, and however its escaping might fail, it can never add a script the policy allows.

/** `html` with every partner slot filled with `partner`'s text and the partner's meta tag in its head (the platform calls it only for a visitor the deck admits). */
export function fillPartner(html: string, partner: ViewerPartner): string {
  const filled = fillPartnerSlots(html, partner);
  // Every page gets the tag, also one without slots: the deck moves between pages without reloading.
  // Single-quoted, so the JSON's many double quotes need no escaping (a first visit counts every byte).
  const json = JSON.stringify(partner).replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;');
  const tag = `<meta name="${PARTNER_META}" content='${json}' />`;
  return filled.includes('</head>') ? filled.replace('</head>', `${tag}</head>`) : filled;
}

/** A personal page as sent: its bytes, the policy of its template, and its compressed variants. */
export interface PersonalPage {
  body: Uint8Array<ArrayBuffer>;
  policy: string;
  zipped: Map<Encoding, Uint8Array<ArrayBuffer> | null>;
}

/** How many personal pages are kept (pages × distinct partners); the least recently served go first. */
export const PERSONAL_PAGES_KEPT = 2000;

const pages = new Map<string, PersonalPage>();

/**
 * The page made from `html` (the template, without its policy meta) for `partner`, sent under
 * `policy` (the template's, computed before filling), from the cache when it was made before.
 */
export function personalPage(key: string, html: () => string, partner: ViewerPartner, policy: string): PersonalPage {
  const cacheKey = `${key}\0${policy}\0${JSON.stringify(partner)}`;
  let page = pages.get(cacheKey);
  if (page) {
    pages.delete(cacheKey);
  } else {
    const text = fillPartner(html(), partner);
    page = { body: new Uint8Array(Buffer.from(text, 'utf8')), policy, zipped: new Map() };
    if (pages.size >= PERSONAL_PAGES_KEPT) pages.delete(pages.keys().next().value!);
  }
  pages.set(cacheKey, page);
  return page;
}

/** The page compressed with `encoding`, made once; null when compressing does not make it smaller. */
export function zippedPage(page: PersonalPage, encoding: Encoding): Uint8Array<ArrayBuffer> | null {
  if (!page.zipped.has(encoding)) {
    const zipped = compress(page.body, encoding);
    page.zipped.set(encoding, zipped.byteLength < page.body.byteLength ? zipped : null);
  }
  return page.zipped.get(encoding)!;
}
