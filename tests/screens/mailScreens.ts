import { readFileSync } from 'node:fs';
import type { UserRow } from '../../src/platform/identity/users.ts';
import { invitationDraft } from '../../src/platform/identity/invitations.ts';
import { LOGO_CID } from '../../src/platform/mail/MailLayout.tsx';
import { mailHtml } from '../../src/platform/mail/mailHtml.tsx';

// Mail as a partner's mail client shows it: the HTML part from the deck's one template, with the
// logo that travels inline put where its content id points.
const LOGO = `data:image/png;base64,${readFileSync('public/mail-logo.png').toString('base64')}`;

/** `html` with the logo that travels inline put where its content id points. */
export const withLogo = (html: string) => html.replace(`cid:${LOGO_CID}`, LOGO);
const FRAME = { deck: { company: 'Reverse Holdings Group', title: 'investor deck' }, publicUrl: 'https://deck.reverseholdings.example', logo: true };

/** An invitation from a named admin to a partner with a Prepared-for and an end of access, fixed dates. */
export function invitationMailHtml(): string {
  const partner = {
    email: 'dana.reyes@lender-bank.example',
    prepared_for: { name: 'Dana Reyes', company: 'Lender Example Bank' },
    expires_at: new Date('2027-03-31T23:59:59Z'),
  } as UserRow;
  const link = 'https://deck.reverseholdings.example/login?invite_token=Zk3q9vXbT1mP0aR7sLwE2nYhC5uJ8dFgK4oI6tQ-abc';
  const draft = invitationDraft(partner, link, new Date('2026-12-18T10:00:00Z'), FRAME.deck, { name: 'Ann Lee', email: 'ann.lee@reverseholdings.example' });
  return withLogo(mailHtml(draft, FRAME));
}
