import { join, resolve } from 'node:path';
import { DECK_PDF_FILE } from '../../../schemas/engagementPaths.ts';
import { PASSWORD_GENERATED } from '../../../schemas/accessPaths.ts';
import { loadSourcePdf } from '../files/pdfStamp.ts';
import type { UserRow } from '../identity/users.ts';
import { type MailSender, senderText } from '../mail/mailer.ts';
import type { MailContext } from '../mail/outbox.ts';
import type { ServedVersion } from '../records/deckVersions.ts';
import type { ReadinessFacts } from './readiness.ts';

// What "Ready to share" is decided from, read where it lives: the platform's settings, the served
// build (its figures ledger and PDF), deck.yaml's samples and the latest test mail in the outbox.

/** What the readiness room reads: the mail settings, the served build and the outbox. */
export interface ReadinessContext extends MailContext {
  /** The From header's name and address (MAIL_FROM). */
  mailSender: MailSender;
  /** SMTP_URL without its password, or null without a mail server. */
  mailServer: string | null;
  /** Settings of deck.yaml still holding sample values. */
  contentSamples: readonly string[];
  servedVersion?: ServedVersion | null;
  deckAppId: string;
  staticDir: string;
}

/** The mail settings in force now, as a test mail keeps them: one sent under others no longer counts. */
export function mailSettings(ctx: ReadinessContext): { from: string; server: string | null; public_url: string } {
  return { from: senderText(ctx.mailSender), server: ctx.mailServer, public_url: ctx.publicUrl() };
}

interface TestMailRow {
  to: string;
  created_date: string;
  delivery?: 'sent' | 'failed' | 'sending';
  delivery_error?: string;
  settings?: ReturnType<typeof mailSettings>;
}

async function latestTestMail(ctx: ReadinessContext, appId: string): Promise<ReadinessFacts['testMail']> {
  const result = await ctx.db.query<{ data: TestMailRow }>(`SELECT data FROM outbox WHERE app_id = $1 AND data->>'kind' = 'test' ORDER BY seq DESC LIMIT 1`, [
    appId,
  ]);
  const row = result.rows[0]?.data;
  if (!row) return null;
  return {
    to: row.to,
    at: row.created_date,
    delivery: row.delivery === 'sent' ? 'sent' : row.delivery === 'failed' ? 'failed' : 'log',
    ...(row.delivery_error ? { error: row.delivery_error } : {}),
    current: JSON.stringify(row.settings ?? null) === JSON.stringify(mailSettings(ctx)),
  };
}

/** The facts for `admin` (the console's caller, or at start-up the first admin). */
export async function readinessFacts(ctx: ReadinessContext, appId: string, admin: UserRow | null): Promise<ReadinessFacts> {
  const ledger = ctx.servedVersion?.ledger ?? null;
  const pdf = appId === ctx.deckAppId ? await loadSourcePdf(join(resolve(ctx.staticDir), DECK_PDF_FILE)).catch(() => null) : null;
  return {
    company: ctx.deck.company,
    admin: admin ? { email: admin.email, name: admin.full_name, passwordGenerated: admin.data?.[PASSWORD_GENERATED] === true } : null,
    sender: ctx.mailSender,
    mailServer: ctx.mailServer,
    publicUrl: ctx.publicUrl(),
    samples: ctx.contentSamples,
    unsourced: ledger ? Object.entries(ledger.figures).flatMap(([id, figure]) => (figure.source === null || figure.asOf === null ? [id] : [])) : null,
    pdfExported: pdf !== null,
    testMail: await latestTestMail(ctx, appId),
  };
}

/** The app's first admin (the one the start-up message speaks of), or null. */
export async function firstAdmin(ctx: ReadinessContext, appId: string): Promise<UserRow | null> {
  const result = await ctx.db.query<UserRow>(
    `SELECT * FROM users WHERE app_id = $1 AND role = 'admin' AND revoked_at IS NULL ORDER BY created_date, id LIMIT 1`,
    [appId],
  );
  return result.rows[0] ?? null;
}
