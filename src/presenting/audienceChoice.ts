import { ownPartner } from '../../schemas/partnerValues.ts';
import type { PreparedFor } from '../../schemas/accessWire.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';

// What the presenter chooses before presenting: a person with a Prepared-for, or nobody.

/** A person the pitch can be for: their Prepared-for as their own deck shows it. */
export interface AudienceOption {
  id: string;
  email: string;
  partner: ViewerPartner;
}

/** The people with a Prepared-for, by their line (the list an admin reads, User records). */
export function audienceOptions(users: readonly { id: string; email: string; prepared_for?: PreparedFor | null }[]): AudienceOption[] {
  return users
    .flatMap((user) => {
      const partner = ownPartner(user.prepared_for);
      return partner ? [{ id: user.id, email: user.email, partner }] : [];
    })
    .sort((a, b) => a.partner.line.localeCompare(b.partner.line));
}

/**
 * The pitch for nobody in particular: the deck-wide partner as served, unless it still holds sample
 * values, which are never projected: then no Prepared-for line at all, and the prose says "you".
 */
export function nobodyPartner(served: ViewerPartner | null): ViewerPartner {
  if (served && !served.sample && !served.viewing) return served;
  return { name: 'you', line: '', licence: '' };
}

/** Where the presenter's last choice is kept for the tab (a reload keeps presenting to the same partner). */
export const AUDIENCE_KEY = 'deck_presenting_for';
