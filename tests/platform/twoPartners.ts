import { expect } from 'vitest';
import { registeredUser, type TestPlatform } from './harness.ts';

// Two partners at two companies: the way to write a test of anything the deck makes per partner
// (pages, the PDF, mail, versions, notices, "View as", engagement, the audit log). A feature tested
// with one partner cannot show that partner B receives A's words; with these two, each test checks
// that each receives their own and nothing of the other's.

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

/** A partner invited, registered and signed in on a test platform. */
export interface SignedInPartner extends Partner {
  token: string;
  id: string;
}

/**
 * Invites each partner with their "Prepared for" (by `inviter`'s token: the service role unless an
 * admin's is given, so the invitation is theirs in the audit log), registers and signs them in.
 */
export async function invitePartners(
  p: TestPlatform,
  inviter: string = p.serviceToken,
  partners: readonly Partner[] = TWO_PARTNERS,
): Promise<SignedInPartner[]> {
  const signedIn: SignedInPartner[] = [];
  for (const partner of partners) {
    const invited = await p.call('POST', '/users/invite-user', {
      token: inviter,
      body: { user_email: partner.email, role: 'user', prepared_for: partner.prepared_for },
    });
    expect(invited.status, `inviting ${partner.email}: ${JSON.stringify(invited.body)}`).toBe(200);
    const token = await registeredUser(p, partner.email, partner.password, false);
    const me = await p.call('GET', '/entities/User/me', { token });
    signedIn.push({ ...partner, token, id: me.body.id as string });
  }
  return signedIn;
}

/** Both partners of TWO_PARTNERS, signed in. */
export async function twoPartners(p: TestPlatform, inviter?: string): Promise<[SignedInPartner, SignedInPartner]> {
  const [alpha, beta] = await invitePartners(p, inviter);
  return [alpha!, beta!];
}

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
