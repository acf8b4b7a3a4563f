import { accessState, expiryInstant, type InviteBody, type PreparedFor } from '../../../schemas/accessWire.ts';
import type { z } from 'zod';
import type { Db } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { issueInviteLink } from './inviteLinks.ts';
import { type MailContext, sendMail } from '../mail/outbox.ts';
import { type DeckIdentity, deckPhrase } from '../mail/mailWording.ts';
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

const inviterText = (inviter: Inviter | null | undefined) =>
  inviter ? (inviter.name?.trim() ? `${inviter.name.trim()} (${inviter.email})` : inviter.email) : null;

function invitationText(
  user: UserRow,
  link: string,
  linkEnds: Date,
  deck: DeckIdentity,
  inviter: Inviter | null | undefined,
): { subject: string; body: string } {
  // Only the person's own "Prepared for" is named: never the deck-wide partner or anyone else's.
  const who = user.prepared_for;
  const forWhom = who ? `${who.name}${who.company ? `, ${who.company}` : ''}` : null;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const sender = inviterText(inviter);
  const lines = [
    who ? `Dear ${who.name},` : 'Hello,',
    '',
    `${sender ? `${sender}, of ${deck.company},` : deck.company} invited you to view ${deckPhrase(deck)}${forWhom ? `, prepared for ${forWhom}` : ''}.`,
    'It is a private presentation: only people invited by address can open it.',
    '',
    'Open this link to choose your password and sign in:',
    link,
    '',
    `The link works once and until ${day(linkEnds)} (UTC). It is meant for ${user.email} only; please do not forward it.`,
    ...(user.expires_at ? [`Your access to the deck lasts until ${day(user.expires_at)} (UTC).`] : []),
  ];
  const subject = `Invitation${sender ? ` from ${inviterName(inviter!)}` : ''}: ${deckPhrase(deck)}`;
  return { subject, body: lines.join('\n') };
}

// The subject names the inviter briefly (their name, else their address) and always the company.
function inviterName(inviter: Inviter): string {
  return inviter.name?.trim() || inviter.email;
}

/** Mails a fresh invitation link to an invited person (earlier links die); the link shows only in the log or the real mail. */
export async function mailInvitation(mail: MailContext, user: UserRow, publicUrl: string, now: Date = new Date(), inviter?: Inviter | null): Promise<void> {
  const { token, endsAt } = await issueInviteLink(mail.db, user, now);
  const link = inviteLinkUrl(publicUrl, token);
  const { subject, body } = invitationText(user, link, endsAt, mail.deck, inviter);
  await sendMail(mail, user.app_id, { to: user.email, kind: 'invite', subject, body, secrets: [link] });
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
