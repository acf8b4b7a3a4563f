import { type MailContext, sendMail } from './outbox.ts';
import { createUser, findUserByEmail, type UserRow, updateUser } from './users.ts';

/**
 * Marks an email as invited with a role (creating the user if new) and mails the registration
 * link; shared by POST /users/invite-user and `npm run invite` when no server is running.
 */
export async function inviteUser(
  mail: MailContext,
  appId: string,
  invite: { email: string; role: string },
  publicUrl: string,
): Promise<UserRow> {
  const { db } = mail;
  const existing = await findUserByEmail(db, appId, invite.email);
  const user = existing
    ? await updateUser(db, existing.id, { invited: true, role: invite.role })
    : await createUser(db, { appId, email: invite.email, role: invite.role, invited: true });
  const link = `${publicUrl}/login?mode=register&email=${encodeURIComponent(user.email)}`;
  await sendMail(
    mail,
    appId,
    { to: user.email, kind: 'invite', subject: `You are invited to ${appId}`, body: `Register at ${link} to open the deck.` },
  );
  return user;
}
