import { expect } from 'vitest';

// Two partners at two companies, and the assertion that what one received names no other: the way to
// write a test of anything the deck makes per partner (pages, the PDF, mail, versions, notices,
// "View as", engagement, the audit log). A feature tested with one partner cannot show that partner B
// receives A's words. tests/platform/twoPartners.ts invites and signs them in on a test platform.

/** A person the deck is pitched to, as an admin invites them: their own "Prepared for". */
export interface Partner {
  email: string;
  password: string;
  prepared_for: { name: string; company: string };
}

/** Partner A. No word of A's (email, name, company) is a part of B's, so a search for one never finds the other. */
export const ALPHA: Partner = {
  email: 'ann@alpha-lending.example',
  password: 'alpha-password-123',
  prepared_for: { name: 'Ann Alpha', company: 'Alpha Lending Corp' },
};

/** Partner B, at another company. */
export const BETA: Partner = {
  email: 'bo@beta-bank.example',
  password: 'beta-password-1234',
  prepared_for: { name: 'Bo Beta', company: 'Beta Bank Group' },
};

/** Both, in the order tests name them. */
export const TWO_PARTNERS: readonly [Partner, Partner] = [ALPHA, BETA];

/** The words that name a partner: their email, their name and their company. */
export function wordsOf(partner: Partner): string[] {
  return [partner.email, partner.prepared_for.name, partner.prepared_for.company];
}

/** Who a partner is, for a failure message. */
export const who = (partner: Partner) => `${partner.prepared_for.name} (${partner.prepared_for.company})`;

/**
 * Asserts that `received`, what `own` was given (a page, a PDF's text, a mail, a reply), names none
 * of the other partners, and names each of `mustName` (own words, as this feature shows them). The
 * failure says whose words reached whom: "the PDF for Bo Beta (Beta Bank Group) names Ann Alpha's 'Alpha Lending Corp'".
 */
export function expectOnlyOwn(
  received: string,
  own: Partner,
  what: string,
  mustName: readonly string[] = [],
  partners: readonly Partner[] = TWO_PARTNERS,
): void {
  for (const other of partners) {
    if (other.email === own.email) continue;
    for (const word of wordsOf(other)) {
      expect(received.includes(word), `${what} for ${who(own)} names ${other.prepared_for.name}'s "${word}"`).toBe(false);
    }
  }
  for (const word of mustName) expect(received.includes(word), `${what} for ${who(own)} does not name their own "${word}"`).toBe(true);
}
