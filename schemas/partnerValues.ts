import type { PreparedFor } from './accessWire.ts';
import type { DeckWidePartner } from './deckWidePartner.ts';
import { partnerPart, type PartnerPart, type ViewerPartner } from './viewerPartner.ts';

// The viewer's partner made from its sources, for the server, the export and the pages no
// server filled (src/app/partnerFallback.ts). Apart from schemas/viewerPartner.ts, which every first
// visit loads, so none of this rides along in it.

export function partnerOfPreparedFor(preparedFor: PreparedFor): ViewerPartner {
  const company = preparedFor.company?.trim();
  return {
    name: company || preparedFor.name,
    line: [preparedFor.name, company].filter(Boolean).join(', '),
    licence: '',
  };
}

/**
 * The deck-wide partner as a page shows it. A sample (deck.yaml's `samples:` names it) is never shown to
 * anyone: the prose reads "you" and the cover has no Prepared-for line, as for a pitch to nobody in particular.
 */
export function partnerOfSettings(partner: DeckWidePartner): ViewerPartner {
  if (partner.sample) return { name: 'you', line: '', licence: '', sample: true };
  return { name: partner.name, line: partner.name, licence: partner.licence };
}

/** A person's own partner: their Prepared-for when it has a name, else null. */
export function ownPartner(preparedFor: PreparedFor | null | undefined): ViewerPartner | null {
  return preparedFor?.name?.trim() ? partnerOfPreparedFor(preparedFor) : null;
}

/** The viewer's partner: their own Prepared-for when they have one (with a name), else the deck-wide one. */
export function viewerPartner(preparedFor: PreparedFor | null | undefined, deckWide: ViewerPartner): ViewerPartner {
  return ownPartner(preparedFor) ?? deckWide;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const SLOT = /(<(span|strong) data-partner="(name|line|licence|suffix)">)[^<]*(<\/\2>)/g;

/** `html` (a prerendered page) with every partner slot holding `partner`'s text: the platform's pages and the PDF's. */
export function fillPartnerSlots(html: string, partner: ViewerPartner): string {
  // The cover's line is hidden while its partner is unknown (PartnerFooter); filled, it shows.
  const shown = partner.line ? html.replace(/<p class="partner-footer" hidden="">/g, '<p class="partner-footer">') : html;
  return shown.replace(
    SLOT,
    (_match, open: string, _tag: string, part: PartnerPart, close: string) => `${open}${escapeHtml(partnerPart(partner, part))}${close}`,
  );
}
