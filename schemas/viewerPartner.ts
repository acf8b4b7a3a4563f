// One notion of the viewer's partner: the partner this viewer is pitched as, wherever the
// spec puts `{name}` (cover, landing footer, contact page, the PDF). Their own "Prepared for" when an
// admin gave them one, else the deck-wide `partner` of slides/deck.yaml. Pages carry it in slots
// (`<span data-partner="name">`), which the local platform fills as it serves a page and the client
// fills from the same values, so the first paint is right and nothing swaps.

/** What the deck shows of the viewer's partner. */
export interface ViewerPartner {
  /** `{name}` in prose: the company (or the person's name) of their Prepared-for, else the deck-wide partner. */
  name: string;
  /** The cover's "Prepared for …" line: name and company, or the deck-wide partner. */
  line: string;
  /** The deck-wide partner's licence; empty for a Prepared-for (the licence is the deck-wide partner's), so it also says whose values these are. */
  licence: string;
  /** An admin's "View as": the address of the person whose deck this is; the page keeps this partner. */
  viewing?: string;
  /** The deck-wide partner still holds deck.yaml's sample values (`samples:`): never projected. */
  sample?: true;
}

/** The parts a page's slots show (`data-partner="…"`). */
export type PartnerPart = 'name' | 'line' | 'licence' | 'suffix';

/**
 * A person's own socket room (every socket of theirs is in it; no client can join or leave it). A
 * change of their Prepared-for arrives there as `update_model` with `{ partner: ViewerPartner }`.
 */
export const personRoom = (userId: string) => `internal:user:${userId}`;

/** The `<meta name>` with which the platform hands the page's partner to its script (JSON in `content`). */
export const PARTNER_META = 'partner';

/** The text of one slot; every slot is one text node, so a server's fill and React's render are the same. */
export function partnerPart(partner: ViewerPartner | null, part: PartnerPart): string {
  if (!partner) return '';
  if (part === 'suffix') return partner.licence ? ` · ${partner.licence}` : '';
  return partner[part];
}
