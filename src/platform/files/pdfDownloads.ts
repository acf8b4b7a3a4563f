import type { Context } from 'hono';
import type { Caller } from '../identity/access.ts';
import { AttemptLimiter } from '../identity/attemptLimiter.ts';
import { LimitEvents } from '../identity/limitEvents.ts';
import { waitText } from '../identity/attemptLimiter.ts';
import { HttpError } from '../core/errors.ts';
import type { Db } from '../db/db.ts';
import { type AuditContext, announceEntry, audit, requestOrigin } from '../records/auditLog.ts';
import type { ServedVersion } from '../records/deckVersions.ts';

// What one person's downloads of the PDF may cost everyone else: a place in a per-person rate
// (counted in the database, so every process shares it), and one audit entry per version of the
// deck they downloaded, not one per download (a download loop would otherwise pad the log).

/** Downloads of the PDF one person may start in PDF_DOWNLOAD_WINDOW_MS. */
export const PDF_DOWNLOADS_PER_PERSON = 10;
/** The window of PDF_DOWNLOADS_PER_PERSON. */
export const PDF_DOWNLOAD_WINDOW_MS = 10 * 60 * 1000;

/** What downloads are counted and logged with: the database, where a request came from, the version served. */
export interface DownloadContext extends AuditContext {
  db: Db;
  servedVersion?: ServedVersion | null;
}

const limiters = new WeakMap<DownloadContext, AttemptLimiter>();

function limiterOf(ctx: DownloadContext): AttemptLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) limiters.set(ctx, (limiter = new AttemptLimiter(new LimitEvents(ctx.db), 'pdf-download', PDF_DOWNLOADS_PER_PERSON, PDF_DOWNLOAD_WINDOW_MS)));
  return limiter;
}

/** One person's place for a download, to give back when no PDF was sent. */
export interface DownloadPlace {
  giveBack(): Promise<void>;
}

/** Refusals a process remembers (then it forgets them all and asks the database again). */
const REFUSALS_KEPT = 10_000;
const refusals = new WeakMap<DownloadContext, Map<string, number>>();

function tooMany(wait: number): HttpError {
  return new HttpError(
    429,
    {
      detail: `At most ${PDF_DOWNLOADS_PER_PERSON} downloads of the PDF in ${PDF_DOWNLOAD_WINDOW_MS / 60_000} minutes for each person; try again in ${waitText(wait)}.`,
      code: 'rate_limited',
      extra_data: { retry_after: wait },
    },
    { 'Retry-After': String(wait) },
  );
}

/**
 * Takes one of the person's downloads, or throws 429 with Retry-After (the error page says to wait,
 * for a browser navigating to the PDF). A person this process refused is refused again from memory
 * until the wait it named has passed: a download loop costs no database work once it is refused.
 */
export async function takeDownload(ctx: DownloadContext, appId: string, userId: string): Promise<DownloadPlace> {
  const limiter = limiterOf(ctx);
  const key = `${appId}:${userId}`;
  let refused = refusals.get(ctx);
  if (!refused) refusals.set(ctx, (refused = new Map()));
  const until = refused.get(key);
  if (until !== undefined && until > Date.now()) throw tooMany(Math.ceil((until - Date.now()) / 1000));
  refused.delete(key);
  const wait = await limiter.reserve(key);
  if (wait > 0) {
    if (refused.size >= REFUSALS_KEPT) refused.clear();
    refused.set(key, Date.now() + wait * 1000);
    throw tooMany(wait);
  }
  return { giveBack: () => limiter.refund(key) };
}

/** People and versions a process remembers having logged (then it forgets them all and asks the database again). */
const AUDITED_KEPT = 10_000;
const audited = new WeakMap<DownloadContext, Set<string>>();

/**
 * Records `pdf_downloaded` for the caller once per version of the deck and whose PDF it is (`whose`:
 * the person of an admin's "View as", else the caller): a transaction that holds a lock on the person
 * checks for an entry and adds one only if there is none, so parallel downloads on any process write one.
 */
export async function auditDownloadOnce(
  ctx: DownloadContext,
  c: Context,
  appId: string,
  caller: Caller & { kind: 'user' },
  whose: { email: string } = caller.user,
): Promise<void> {
  const version = ctx.servedVersion?.id ?? null;
  const target = whose.email;
  const key = JSON.stringify([appId, caller.user.id, target, version]);
  let seen = audited.get(ctx);
  if (!seen) audited.set(ctx, (seen = new Set()));
  // This process wrote or found the entry already: nothing to ask the database.
  if (seen.has(key)) return;
  const origin = requestOrigin(ctx, c);
  const detail = { version, ...(target === caller.user.email ? {} : { stamped_with: caller.user.email }) };
  const entry = await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`pdf-audit:${appId}:${caller.user.id}`]);
    const found = await tx.query(
      `SELECT 1 FROM audit_log WHERE app_id = $1 AND lower(actor) = lower($2) AND action = 'pdf_downloaded' AND lower(target) = lower($3)
         AND (detail->>'version') IS NOT DISTINCT FROM $4 LIMIT 1`,
      [appId, caller.user.email, target, version],
    );
    return found.rows.length === 0 ? audit(tx, { appId, action: 'pdf_downloaded', actor: caller, target, detail, ...origin }) : null;
  });
  if (entry) announceEntry(ctx, appId, entry);
  if (seen.size >= AUDITED_KEPT) seen.clear();
  seen.add(key);
}
