import type { AgreementText } from '../../schemas/agreement.ts';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { deckWidePartner } from '../../schemas/deckWidePartner.ts';
import { DeckSettings, DeckVisibility, FrameAncestors } from '../../schemas/deckSettings.ts';
import { formatIssue } from '../content/contentIssue.ts';
import { parseYamlSource, validateYamlSource } from '../content/yamlSource.ts';
import { type DeckIdentity, deckIdentityOf } from './mail/mailWording.ts';
import type { PartnerPdfRenderer } from './files/partnerPdf.ts';

/** Everything `startPlatform` needs; tests pass these explicitly so they never read slides/deck.yaml. */
export interface PlatformOptions {
  /** The hosted app's id (deck.yaml `platform.appId`, env APP_ID). */
  appId: string;
  /** Who may open the deck (deck.yaml `platform.visibility`, env DECK_VISIBILITY). */
  visibility: DeckVisibility;
  /** TCP port; 0 picks a free one (env PORT, default 3000). */
  port?: number;
  /** Interface to bind (env HOST, default all interfaces). */
  host?: string;
  /** Database folder; omitted means an in-memory database (env DATA_DIR, default .data/). Unused with databaseUrl. */
  dataDir?: string;
  /**
   * A Postgres server instead of PGlite (env DATABASE_URL, postgres://user:pass@host:5432/db): several
   * processes may then serve one deck. Needs serviceToken, which every process must share.
   */
  databaseUrl?: string;
  /** First admin's email (env ADMIN_EMAIL, default admin@example.com). */
  adminEmail?: string;
  /** First admin's name, as mail and "… is presenting" show it (env ADMIN_NAME); omitted: asked at their first sign-in. */
  adminName?: string;
  /** First admin's password; generated and printed once when omitted (env ADMIN_PASSWORD). */
  adminPassword?: string;
  /** Bearer token of the service role; generated (and kept in dataDir) when omitted (env SERVICE_TOKEN). */
  serviceToken?: string;
  /** Base of the links in outbox mail, e.g. https://deck.example.com (env PUBLIC_URL, default http://localhost:PORT). */
  publicUrl?: string;
  /** The built deck (default dist/). */
  staticDir?: string;
  /** A PGlite `dumpDataDir` tarball to seed the in-memory database from (tests skip initdb with it). */
  snapshot?: Blob;
  /** Behind a reverse proxy: take the client address from the last X-Forwarded-For hop (env TRUST_PROXY=1). */
  trustProxy?: boolean;
  /** Failed password checks per account per hour from all addresses together (default 100; signInLimits.ts). */
  accountMaxFailures?: number;
  /** A mail server for every message, e.g. smtp://user:pass@host:587 or smtps://… (env SMTP_URL); omitted: the outbox and the log only. */
  smtpUrl?: string;
  /** The sender of mailed messages (env MAIL_FROM): its address, and its name if it gives one (else "<company> via the <deck title>"). */
  mailFrom?: string;
  /** Codes the deck mails per hour to addresses without an account, all together (env NEW_ADDRESS_CODES_PER_HOUR, default 30). */
  newAddressCodesPerHour?: number;
  /** Days the audit log keeps an entry; older ones are pruned at start (env AUDIT_RETENTION_DAYS, default 400). */
  auditRetentionDays?: number;
  /** The clock of the notice budget, its digests, the limit of asked-for mail and the owners' news (tests move it; default Date.now). */
  now?: () => number;
  /** How often waiting notice digests are looked at (default 60 s). */
  noticeDigestEveryMs?: number;
  /** How often the owners' news is swept: visits over, news mailed (default 60 s). */
  newsEveryMs?: number;
  /** How often every open socket's standing is asked again without a signal (default STANDING_SWEEP_MS, 30 s). */
  standingSweepMs?: number;
  /**
   * Who may frame the deck's pages: the hosting platform's parent origins (deck.yaml
   * `platform.frameAncestors`, env FRAME_ANCESTORS; default `'self'`). The sign-in page and the admin
   * console are never framed by another site, whatever this says.
   */
  frameAncestors?: readonly string[];
  /** Who sends the deck's mail (deck.yaml `company.name`, `deck.title`); default UNNAMED_DECK. */
  deck?: DeckIdentity;
  /** Prints a partner's own PDF into a file (npm start passes the export's); without one such downloads are a clear 503. */
  renderPartnerPdf?: PartnerPdfRenderer;
  /** Where partners' own PDFs are kept (default DATA_DIR/pdf, or a temp folder). */
  pdfDir?: string;
  /** Settings of deck.yaml still holding sample values (its `samples:`): "Ready to share" names them. */
  samples?: readonly string[];
  /** The deck-wide partner (deck.yaml `partner`): the pages' `{name}` for viewers without their own Prepared-for. */
  partner?: { name: string; licence: string; sample?: boolean };
  /** The confidentiality agreement partners accept first; default the build's (dist-server/agreement.json), if any. */
  agreement?: AgreementText | null;
  /** Where outbox mail and start-up notes go (default console.log). */
  log?: (line: string) => void;
}

/**
 * Reads `platform.appId` / `platform.visibility` from deck.yaml, validated by `DeckSettings`; a
 * broken file throws the content check's own lines (`slides/deck.yaml:12:3 platform.visibility: …`),
 * the file named relative to `root`.
 */
export function readDeckPlatformSettings(file: string, root = process.cwd()): DeckSettings['platform'] {
  return readDeckSettings(file, root).platform;
}

/** The whole of deck.yaml, validated by `DeckSettings` (errors as readDeckPlatformSettings). */
export function readDeckSettings(file: string, root = process.cwd()): DeckSettings {
  const source = parseYamlSource(relative(root, file), readFileSync(file, 'utf8'));
  const { value, issues } = validateYamlSource(source, DeckSettings);
  if (!value) throw new Error([...source.issues, ...issues].map(formatIssue).join('\n'));
  return value;
}

/**
 * SMTP_URL checked before anything starts: `smtp://` or `smtps://` with a host, an optional
 * `user:pass@` (percent-encoded) and port; a malformed one refuses to start, saying why.
 */
export function parseSmtpUrl(value: string): string {
  const shape = 'SMTP_URL must look like smtp://user:pass@mail.example.com:587 or smtps://user:pass@mail.example.com:465';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${shape} (got something that is not a URL)`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`${shape} (got the scheme ${url.protocol})`);
  if (!url.hostname) throw new Error(`${shape} (the host is missing)`);
  if (url.pathname && url.pathname !== '/') throw new Error(`${shape} (a path such as ${url.pathname} is not allowed)`);
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    throw new Error(`${shape} (the user or password is not valid percent-encoding)`);
  }
  return value;
}

/** DATABASE_URL checked before anything starts: a postgres:// or postgresql:// URL with a host. */
export function parseDatabaseUrl(value: string): string {
  const shape = 'DATABASE_URL must look like postgres://user:password@db.example.com:5432/deck';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${shape} (got something that is not a URL)`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error(`${shape} (got the scheme ${url.protocol})`);
  if (!url.hostname) throw new Error(`${shape} (the host is missing)`);
  return value;
}

/** ADMIN_NAME checked at start: a person's name as mail shows it, on one line. */
export function parseAdminName(value: string): string {
  const name = value.trim();
  if (name.length > 100 || /[\u0000-\u001f\u007f<>]/.test(name))
    throw new Error('ADMIN_NAME must be a name such as "Ann Lee": one line, at most 100 characters, no < or >');
  return name;
}

/** MAIL_FROM checked at start: `Name <address>` or a bare address. */
export function parseMailFrom(value: string): string {
  const match = /^\s*(?:([^<>]*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address || !/^[^@\s]+@[^@\s]+$/.test(address)) {
    throw new Error('MAIL_FROM must be an address such as no-reply@deck.example.com or "Investor deck <no-reply@deck.example.com>"');
  }
  return value.trim();
}

/**
 * FRAME_ANCESTORS checked at start: sources separated by spaces or commas, each `'self'`, `'none'` or
 * an origin (`https://app.base44.com`); a bad one refuses to start, naming it.
 */
export function parseFrameAncestors(value: string): string[] {
  const sources = value.split(/[\s,]+/).filter(Boolean);
  const parsed = FrameAncestors.safeParse(sources);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const index = issue.path[0];
  const which = typeof index === 'number' ? ` (got ${JSON.stringify(sources[index])})` : '';
  throw new Error(`FRAME_ANCESTORS: ${issue.message}${which}; for example FRAME_ANCESTORS="'self' https://app.base44.com"`);
}

/** Options for `npm start`: deck.yaml first, then the environment variables docs/operating.md lists. */
export function loadPlatformOptions(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): PlatformOptions {
  const settings = readDeckSettings(join(cwd, 'slides', 'deck.yaml'), cwd);
  const deck = settings.platform;
  const visibility = DeckVisibility.safeParse(env.DECK_VISIBILITY ?? deck.visibility);
  if (!visibility.success) {
    throw new Error(`DECK_VISIBILITY must be one of ${DeckVisibility.options.join(', ')}`);
  }
  const appId = env.APP_ID ?? deck.appId;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(appId)) throw new Error('APP_ID must be 1-64 letters, digits, - or _');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('PORT must be a port number');
  const databaseUrl = env.DATABASE_URL ? parseDatabaseUrl(env.DATABASE_URL) : undefined;
  if (databaseUrl && !env.SERVICE_TOKEN) {
    throw new Error(
      'DATABASE_URL needs SERVICE_TOKEN too: every process on the database must accept the same service token (e.g. SERVICE_TOKEN=$(openssl rand -hex 32))',
    );
  }
  return {
    appId,
    visibility: visibility.data,
    port,
    host: env.HOST || undefined,
    ...(databaseUrl ? { databaseUrl } : { dataDir: resolve(cwd, env.DATA_DIR || '.data') }),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminName: env.ADMIN_NAME?.trim() ? parseAdminName(env.ADMIN_NAME) : undefined,
    serviceToken: env.SERVICE_TOKEN || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    staticDir: join(cwd, 'dist'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    smtpUrl: env.SMTP_URL ? parseSmtpUrl(env.SMTP_URL) : undefined,
    mailFrom: env.MAIL_FROM ? parseMailFrom(env.MAIL_FROM) : undefined,
    newAddressCodesPerHour: env.NEW_ADDRESS_CODES_PER_HOUR ? parseCount('NEW_ADDRESS_CODES_PER_HOUR', env.NEW_ADDRESS_CODES_PER_HOUR) : undefined,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ? parseCount('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS) : undefined,
    frameAncestors: env.FRAME_ANCESTORS?.trim() ? parseFrameAncestors(env.FRAME_ANCESTORS) : deck.frameAncestors,
    deck: deckIdentityOf(settings),
    partner: deckWidePartner(settings),
    samples: settings.samples ?? [],
  };
}

/** A whole number from 1 up, from the environment variable `name`, or a start-up error naming it. */
export function parseCount(name: string, value: string): number {
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(count) || count < 1)
    throw new Error(`${name} must be a whole number from 1 up (got ${JSON.stringify(value)})`);
  return count;
}
