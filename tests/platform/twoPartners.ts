import { expect } from 'vitest';
import { type Partner, TWO_PARTNERS } from '../support/partners.ts';
import { registeredUser, type TestPlatform } from './harness.ts';

export { ALPHA, BETA, expectOnlyOwn, type Partner, TWO_PARTNERS, who, wordsOf } from '../support/partners.ts';

// Two partners at two companies (tests/support/partners.ts) invited with their own "Prepared for",
// registered and signed in on a test platform: the start of a per-partner test of the platform.

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
