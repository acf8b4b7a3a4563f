import { ADMIN_PATH } from '../../../schemas/accessPaths.ts';
import type { UserRow } from '../identity/users.ts';
import { sendMail } from '../mail/outbox.ts';
import { mailSettings, type ReadinessContext } from './readinessFacts.ts';

/** The console's section of the "Ready to share" list (its element id). */
export const READY_SECTION = 'admin-ready';

/**
 * Mails the admin a test message through the deck's one template, as partners will get theirs, and
 * keeps the settings it went out with (readinessFacts.ts): one sent under other settings no longer counts.
 */
export async function sendTestMail(ctx: ReadinessContext, appId: string, admin: UserRow): Promise<void> {
  const name = admin.full_name?.trim();
  await sendMail(ctx, appId, {
    to: admin.email,
    kind: 'test',
    subject: 'Test mail: this is how partners receive the deck’s mail',
    heading: 'This is how partners receive the deck’s mail',
    intro: [
      `${name || admin.email} sent this test from the console of the ${ctx.deck.company} ${ctx.deck.title}, to check that its mail reaches an inbox and looks right.`,
      'Check that it arrived in your inbox rather than in spam, that it shows the company’s logo and name, and that the button opens the console.',
    ],
    action: { label: 'Open the console', url: `${ctx.publicUrl()}${ADMIN_PATH}#${READY_SECTION}` },
    sentBy: `${name ? `${name} (${admin.email})` : admin.email} of ${ctx.deck.company}`,
    keep: { settings: mailSettings(ctx) },
  });
}
