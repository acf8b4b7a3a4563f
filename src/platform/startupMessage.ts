import { join } from 'node:path';
import { ADMIN_PATH } from '../../schemas/accessPaths.ts';
import type { PlatformOptions } from './config.ts';
import { type BootstrapReport, SERVICE_TOKEN_FILE, type ServiceTokenSource } from './identity/bootstrap.ts';
import { mailSender, redactSmtpUrl, senderText } from './mail/mailer.ts';
import { UNNAMED_DECK } from './mail/mailWording.ts';

// The lines `npm start` prints once the platform listens. Each value says where it came from this
// run (the environment, the data folder, or generated now), because an operator acts on it: a token
// said to come "from SERVICE_TOKEN" while the variable is unset sends them looking in the wrong place.

/** Where the data lives, for the log: never a database password. */
function whereData(options: PlatformOptions): string {
  if (!options.databaseUrl) return options.dataDir ?? 'memory';
  const url = new URL(options.databaseUrl);
  return `Postgres at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** Where the service token is, never the token itself (a log shipped to a log service carried it, and it works for every call). */
export function serviceTokenLine(options: PlatformOptions, source: ServiceTokenSource): string {
  const file = options.dataDir && !options.databaseUrl ? join(options.dataDir, SERVICE_TOKEN_FILE) : null;
  if (source === 'environment') return 'service token: from SERVICE_TOKEN';
  if (source === 'data_folder') return `service token: read from ${file} (made at the first start; owner-only), as SERVICE_TOKEN is not set`;
  if (file) return `service token: generated now and kept in ${file} (owner-only; read it there), or set SERVICE_TOKEN`;
  return 'service token: generated for this run only and not shown; set SERVICE_TOKEN to have one you can use';
}

/** What this start did about the first admin: created (name and password, each with its source), or nothing. */
export function adminLines(options: PlatformOptions, report: BootstrapReport): string[] {
  const admin = report.admin;
  if (!admin) {
    const unused = (['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_NAME'] as const).filter(
      (name) => ({ ADMIN_EMAIL: options.adminEmail, ADMIN_PASSWORD: options.adminPassword, ADMIN_NAME: options.adminName })[name] !== undefined,
    );
    return unused.length > 0
      ? [`  ${unused.join(', ')} not used: the admin account exists already (they only set up the first one); change it in the console`]
      : [];
  }
  const name = admin.name ? `${admin.name} (from ADMIN_NAME)` : 'no name yet (set ADMIN_NAME, or give it at the first sign-in)';
  const password = admin.generatedPassword
    ? `password ${admin.generatedPassword} (generated now and shown only this once: the first sign-in asks for a new one)`
    : 'password from ADMIN_PASSWORD';
  return [`  admin account created: ${admin.email}, ${name}, ${password}`];
}

/** The whole message; `ready` is the "Ready to share" summary line, when there is one. */
export function startupMessage(url: string, options: PlatformOptions, report: BootstrapReport, tokenSource: ServiceTokenSource, ready?: string): string {
  const deck = options.deck ?? UNNAMED_DECK;
  return [
    `Local platform ready at ${url}`,
    `  app ${options.appId} (${options.visibility}); data in ${whereData(options)}`,
    ...adminLines(options, report),
    `  ${serviceTokenLine(options, tokenSource)}`,
    options.smtpUrl
      ? `  mail goes through ${redactSmtpUrl(options.smtpUrl)} from ${senderText(mailSender(options.mailFrom, deck))}; the log names each message, not its codes or links`
      : '  no SMTP_URL: mail goes to the outbox and this log, codes and links included',
    ...(ready ? [`  ${ready}`] : []),
    `  open ${url}/ to view the deck, ${url}/login to sign in`,
    `  admin console: ${url}${ADMIN_PATH} (sign in as an admin): what is left before sharing, invite people, who is viewing, engagement and the deck's switches`,
    "  invite from the console's Invite section, or here: npm run invite -- EMAIL [ROLE]",
  ].join('\n');
}
