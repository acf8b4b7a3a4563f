import { accessState, expiryInstant, type InviteBody, type PreparedFor } from '../../../schemas/accessWire.ts';
import type { z } from 'zod';
import type { Db } from '../db/db.ts';
import { badRequest } from '../core/errors.ts';
import { issueInviteLink } from './inviteLinks.ts';
import { type MailContext, sendMail } from '../mail/outbox.ts';
import type { MailDraft } from '../mail/mailDraft.ts';
import { type DeckIdentity, deckPhrase, mailDay } from '../mail/mailWording.ts';
import { accessFieldsOf, createUser, findUserByEmail, normalizeEmail, type UserRow, updateUser } from './users.ts';

/** An invitation as InviteBody parses it (role defaulted). */
export type Invitation = z.output<typeof InviteBody>;

/** Where an invitation link points: the sign-in page with the token, which alone proves the mailbox. */
export function inviteLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/login?invite_token=${encodeURIComponent(token)}`;
}

/** The expiry of an invitation as an instant; 400 unless it lies in the future. */
export function futureExpiry(value: string | null | undefined, now: Date = new Date()): Date | null {
  if (!value) return null;
  const instant = expiryInstant(value);
  if (instant.getTime() <= now.getTime()) throw badRequest('expires_at', 'must be in the future');
  return instant;
}

// Everything an invitation could be refused for, checked before anything is written.
function refuseDuplicate(existing: UserRow | null, now: Date): void {
  if (!existing) return;
  const state = accessState(accessFieldsOf(existing), now);
  if (state !== 'invited' && state !== 'joined') return;
  if (existing.role === 'admin') throw badRequest('user_email', 'is already an admin');
  throw badRequest('user_email', 'is already invited; use Resend invitation');
}

/** Who sent an invitation, as the mail names them: "Ann Lee (ann@holdings.example)", or none (npm run invite, the service role). */
export interface Inviter {
  name?: string | null;
  email: string;
}

/** The inviter as the mail's footer names them: "Ann Lee (ann@holdings.example)", or the address alone. */
const inviterText = (inviter: Inviter) => (inviter.name?.trim() ? `${inviter.name.trim()} (${inviter.email})` : inviter.email);

/**
 * The invitation: who invites (the admin's name, else their address; the company alone for `npm run
 * invite`), to what, for whom, one button, and until when the link and the access last.
 */
export function invitationDraft(user: UserRow, link: string, linkEnds: Date, deck: DeckIdentity, inviter: Inviter | null | undefined): MailDraft {
  // Only the person's own "Prepared for" is named: never the deck-wide partner or anyone else's.
  const who = user.prepared_for;
  const forWhom = who ? `${who.name}${who.company ? `, ${who.company}` : ''}` : null;
  const by = inviter ? `${inviter.name?.trim() || inviter.email} of ${deck.company}` : deck.company;
  return {
    to: user.email,
    kind: 'invite',
    subject: `${by} invited you to the ${deck.title}`,
    heading: `You are invited to view ${deckPhrase(deck)}`,
    intro: [
      who ? `Dear ${who.name},` : 'Hello,',
      `${by} invited you to view ${deckPhrase(deck)}${forWhom ? `, prepared for ${forWhom}` : ''}. It is a private presentation: only people invited by address can open it.`,
      'The button opens the deck’s sign-in page, where you choose your password.',
    ],
    action: { label: 'Choose your password', url: link },
    outro: [
      `The link works once and until ${mailDay(linkEnds)} (UTC). It is meant for ${user.email} only; please do not forward it.`,
      ...(user.expires_at ? [`Your access to the deck lasts until ${mailDay(user.expires_at)} (UTC).`] : []),
    ],
    ...(inviter ? { sentBy: `${inviterText(inviter)} of ${deck.company}`, replyTo: inviter.email } : {}),
    secrets: [link],
  };
}

/** Mails a fresh invitation link to an invited person (earlier links die); the link shows only in the log or the real mail. */
export async function mailInvitation(mail: MailContext, user: UserRow, publicUrl: string, now: Date = new Date(), inviter?: Inviter | null): Promise<void> {
  const { token, endsAt } = await issueInviteLink(mail.db, user, now);
  await sendMail(mail, user.app_id, invitationDraft(user, inviteLinkUrl(publicUrl, token), endsAt, mail.deck, inviter));
}

/**
 * Invites a person (creating them if new) and mails one invitation link; shared by POST
 * /users/invite-user and `npm run invite` when no server runs. A person whose access ended (or who
 * was never admitted) is invited again; one already invited or joined is a 400, and every refusal
 * comes before any write.
 */
export async function inviteUser(
  mail: MailContext & { db: Db },
  appId: string,
  invite: Invitation,
  publicUrl: string,
  now: Date = new Date(),
  inviter?: Inviter | null,
): Promise<UserRow> {
  const expiresAt = futureExpiry(invite.expires_at, now);
  const preparedFor: PreparedFor | null = invite.prepared_for ?? null;
  const user = await mail.db.transaction(async (tx) => {
    // Looked up and written in one transaction, so two parallel invitations of one address cannot both pass.
    const existing = await findUserByEmail(tx, appId, invite.user_email);
    refuseDuplicate(existing, now);
    const row = existing ?? (await createUser(tx, { appId, email: normalizeEmail(invite.user_email), role: invite.role, invited: true }));
    return updateUser(tx, row.id, {
      invited: true,
      role: invite.role,
      invited_at: now,
      revoked_at: null,
      expires_at: expiresAt,
      prepared_for: preparedFor,
    });
  });
  await mailInvitation(mail, user, publicUrl, now, inviter);
  return user;
}
