// `npm run invite -- EMAIL [ROLE]`: invites someone to the deck. With a server running on DATA_DIR
// the invitation goes through its API (service token); otherwise it is written to DATA_DIR directly
// (PGlite allows one process per folder, so the script takes the server's lock before opening it).
// With DATABASE_URL it writes to the Postgres database directly, which any number of processes share.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ensureApp } from '../src/platform/identity/apps.ts';
import { SERVICE_TOKEN_FILE } from '../src/platform/identity/bootstrap.ts';
import { loadPlatformOptions, type PlatformOptions } from '../src/platform/config.ts';
import { claimDataDir, runningServer } from '../src/platform/db/dataDirLock.ts';
import { prepareDataDir } from '../src/platform/db/dataDirModes.ts';
import type { DatabaseLocation } from '../src/platform/db/db.ts';
import { inviteUser } from '../src/platform/identity/invitations.ts';
import { createMailer, mailSender } from '../src/platform/mail/mailer.ts';
import { readMailLogo } from '../src/platform/mail/mailLogo.ts';
import { UNNAMED_DECK } from '../src/platform/mail/mailWording.ts';
import { openPlatformDatabase } from '../src/platform/platformSchema.ts';

// As in platform-start.ts: this process writes into DATA_DIR, so what it creates is owner-only.
process.umask(0o077);

const Args = z.tuple([
  z.email('EMAIL must be an email address'),
  z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'ROLE must be a role name such as user or admin')
    .default('user'),
]);

async function main(argv: string[]): Promise<number> {
  const parsed = Args.safeParse(argv.length === 1 ? [argv[0], undefined] : argv);
  if (!parsed.success) {
    console.error(`usage: npm run invite -- EMAIL [ROLE]\n${parsed.error.issues[0]?.message ?? ''}`);
    return 2;
  }
  const [email, role] = parsed.data;
  const options = loadPlatformOptions();
  if (options.databaseUrl) {
    // A Postgres server takes any number of clients: the invitation is written like a server would.
    await inviteInto({ url: options.databaseUrl }, options, email, role);
    console.log(
      `Invited ${email} as ${role} in the Postgres database. The invitation (${options.smtpUrl ? 'mailed' : 'above'}) carries a link that lets them choose a password.`,
    );
    return 0;
  }
  const dataDir = options.dataDir!;
  const server = runningServer(dataDir);
  // A server that holds DATA_DIR but does not listen yet falls through to claimDataDir, which refuses.
  if (server?.port) {
    const file = join(dataDir, SERVICE_TOKEN_FILE);
    const token = options.serviceToken ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : null);
    if (!token) {
      console.error(`A server runs on ${dataDir} (port ${server.port}): set SERVICE_TOKEN to the token it was started with.`);
      return 1;
    }
    const response = await fetch(`http://127.0.0.1:${server.port}/api/apps/${encodeURIComponent(options.appId)}/users/invite-user`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-App-Id': options.appId },
      body: JSON.stringify({ user_email: email, role }),
    });
    const body = (await response.json()) as { detail?: string };
    if (!response.ok) {
      console.error(`The running server (port ${server.port}) refused: ${response.status} ${body.detail ?? ''}`);
      return 1;
    }
    console.log(`Invited ${email} as ${role} through the running server on port ${server.port}; it mails the link (without SMTP_URL: see its log).`);
    return 0;
  }
  // The same checks and lock as a server's, taken before the database is opened.
  prepareDataDir(dataDir);
  const claim = await claimDataDir(dataDir);
  try {
    await inviteInto({ dataDir }, options, email, role);
  } finally {
    claim.release();
  }
  console.log(
    `Invited ${email} as ${role} in ${dataDir}. The invitation (${options.smtpUrl ? 'mailed' : 'above'}) carries a link that lets them choose a password.`,
  );
  return 0;
}

/** Writes the invitation to the database directly; with SMTP_URL it is mailed, as the server would, else printed. */
async function inviteInto(location: DatabaseLocation, options: PlatformOptions, email: string, role: string): Promise<void> {
  const deck = options.deck ?? UNNAMED_DECK;
  const publicUrl = options.publicUrl ?? `http://localhost:${options.port ?? 3000}`;
  const log = (line: string) => console.log(line);
  const mailer = options.smtpUrl
    ? createMailer(options.smtpUrl, {
        sender: mailSender(options.mailFrom, deck),
        publicUrl: () => publicUrl,
        logo: readMailLogo(options.staticDir ?? 'dist', log),
      })
    : null;
  try {
    const db = await openPlatformDatabase(location);
    try {
      await ensureApp(db, options.appId, options.visibility);
      const mail = { db, log, deliver: mailer?.deliver, mailLogo: mailer?.logo ?? false, deck, publicUrl: () => publicUrl };
      await inviteUser(mail, options.appId, { user_email: email, role }, publicUrl);
    } finally {
      await db.close();
    }
  } finally {
    mailer?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
