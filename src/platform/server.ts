import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createAdaptorServer } from '@hono/node-server';
import type { DeckVisibility } from '../../schemas/deckSettings.ts';
import { bootstrapApp, loadServiceToken, type BootstrapReport } from './identity/bootstrap.ts';
import { startupMessage } from './startupMessage.ts';
import type { PlatformOptions } from './config.ts';
import { claimDataDir, type DataDirClaim } from './db/dataDirLock.ts';
import { prepareDataDir } from './db/dataDirModes.ts';
import type { Db } from './db/db.ts';
import { warmDeckPdf } from './files/deckPdf.ts';
import { DEFAULT_FRAME_ANCESTORS } from './http/contentSecurityPolicy.ts';
import { createHttpApp } from './http/httpApp.ts';
import type { Broadcaster } from './core/context.ts';
import type { PlatformContext } from './http/platformContext.ts';
import { attachRealtime } from './live/realtime.ts';
import { AfterReplyQueue } from './http/afterReply.ts';
import { analyzeIfNeverAnalyzed } from './db/plannerStats.ts';
import { AttemptLimiter } from './identity/attemptLimiter.ts';
import { LimitEvents } from './identity/limitEvents.ts';
import { mailRequestLimiter } from './identity/mailRequests.ts';
import { clientAddress } from './identity/clientAddress.ts';
import { SignInLimits } from './identity/signInLimits.ts';
import { WriteRates } from './records/writeRates.ts';
import { flushNoticeDigests, NoticeThrottle } from './records/adminNotices.ts';
import { createMailer, mailSender, redactSmtpUrl } from './mail/mailer.ts';
import { readinessOf, readinessSummary } from './setup/readiness.ts';
import { firstAdmin, readinessFacts } from './setup/readinessFacts.ts';
import { readMailLogo } from './mail/mailLogo.ts';
import { pruneDeadSecrets } from './identity/tokens.ts';
import { AUDIT_RETENTION_DAYS, pruneAuditLog } from './records/auditLog.ts';
import { DRAIN_DEADLINE_MS, drainHttp } from './http/shutdown.ts';
import { ledgerFileOf, readLedgerFile, recordVersion, type ServedVersion } from './records/deckVersions.ts';
import { UNNAMED_DECK } from './mail/mailWording.ts';
import { partnerOfSettings } from '../../schemas/partnerValues.ts';
import { openPlatformDatabase } from './platformSchema.ts';
import { EntityHooks } from './records/entityHooks.ts';
import { agreementFileOf, readAgreementFile } from './agreement/agreementStore.ts';
import { registerQuestions } from './questions/questionHooks.ts';
import { registerEngagement } from './engagement/engagementHooks.ts';
import { questionNews } from './news/questionNews.ts';
import { startNewsSweeps } from './news/newsSweep.ts';

/** A running local platform. */
export interface RunningPlatform {
  /** Base address, e.g. http://127.0.0.1:3000. */
  url: string;
  port: number;
  /** The service role's bearer token. */
  serviceToken: string;
  /** The database (tests read it to check what was stored). */
  db: Db;
  /** Hosts one more app on the same server (its first admin is created like the main app's). */
  addApp(appId: string, visibility: DeckVisibility, admin?: { email?: string; password?: string }): Promise<BootstrapReport>;
  /** Resolves once the work queued after replies so far (codes, mail) is done. */
  settled(): Promise<void>;
  /**
   * Shuts down gracefully: /healthz answers 503 stopping, no new connections are taken, requests in
   * flight finish (cut after `deadlineMs`, default 10 s), sockets close, then queued mail, the mailer
   * and the database; the data folder's claim goes last.
   */
  close(options?: { deadlineMs?: number }): Promise<void>;
}

function listen(server: HttpServer, port: number, host: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * The version of the content this process serves: recorded when it differs from the last
 * one. Without a ledger (no build, or one from before the ledger) there are no versions.
 */
async function servedVersion(db: Db, appId: string, staticDir: string, log: (line: string) => void): Promise<ServedVersion | null> {
  const ledger = await readLedgerFile(ledgerFileOf(staticDir), log);
  if (!ledger) return null;
  const { id, created } = await recordVersion(db, appId, ledger);
  if (created) log(`[versions] serving new version ${id}`);
  return { id, ledger };
}

/** Starts the API, the socket server and the static deck on one port. */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const log = options.log ?? ((line: string) => console.log(line));
  // Modes first (a refused folder is left untouched), then the lock, then the database: of two
  // servers started at once on one folder, only the one holding the lock ever opens its files.
  // A Postgres server needs no folder lock: several processes share it, migrations take a lock there.
  const dataDir = options.databaseUrl ? undefined : options.dataDir;
  let claim: DataDirClaim | null = null;
  if (dataDir) {
    prepareDataDir(dataDir);
    claim = await claimDataDir(dataDir);
  }
  const location = options.databaseUrl ? { url: options.databaseUrl } : { dataDir, snapshot: options.snapshot };
  const db = await openPlatformDatabase(location).catch((error: unknown) => {
    claim?.release();
    throw error;
  });
  const report = await bootstrapApp(db, options.appId, options.visibility, {
    email: options.adminEmail,
    password: options.adminPassword,
    name: options.adminName,
  });
  const service = loadServiceToken(options.serviceToken, dataDir);
  await pruneDeadSecrets(db);
  const pruned = await pruneAuditLog(db, options.auditRetentionDays);
  await analyzeIfNeverAnalyzed(db);

  const deck = options.deck ?? UNNAMED_DECK;
  const staticDir = options.staticDir ?? 'dist';
  const sender = mailSender(options.mailFrom, deck);
  const mailer = options.smtpUrl
    ? createMailer(options.smtpUrl, {
        sender,
        publicUrl: () => options.publicUrl ?? `http://localhost:${port}`,
        logo: readMailLogo(staticDir, log),
      })
    : null;

  let port = options.port ?? 3000;
  let broadcaster: Broadcaster = { publish: () => {}, standingChanged: async () => {}, reaches: async () => false };
  const ctx: PlatformContext = {
    db,
    log,
    serviceToken: service.token,
    signInLimits: new SignInLimits(db, { accountMax: options.accountMaxFailures }),
    writeRates: new WriteRates(new LimitEvents(db)),
    notices: new NoticeThrottle(new LimitEvents(db, options.now)),
    mailLimiter: mailRequestLimiter(new LimitEvents(db, options.now)),
    newAddressCodes: new AttemptLimiter(new LimitEvents(db), 'new-address-codes', options.newAddressCodesPerHour ?? 30, 60 * 60 * 1000),
    clientAddress: (c) => clientAddress(c, options.trustProxy ?? false),
    broadcaster: {
      publish: (room, payload) => broadcaster.publish(room, payload),
      standingChanged: (change) => broadcaster.standingChanged(change),
      reaches: (room) => broadcaster.reaches(room),
    },
    entityHooks: new EntityHooks(),
    afterReply: new AfterReplyQueue(log),
    deliver: mailer?.deliver,
    mailLogo: mailer?.logo ?? false,
    deckAppId: options.appId,
    frameAncestors: options.frameAncestors ?? DEFAULT_FRAME_ANCESTORS,
    staticDir,
    publicUrl: () => options.publicUrl ?? `http://localhost:${port}`,
    deck,
    mailSender: sender,
    mailServer: options.smtpUrl ? redactSmtpUrl(options.smtpUrl) : null,
    contentSamples: options.samples ?? [],
    deckPartner: options.partner ? partnerOfSettings(options.partner) : null,
    renderPartnerPdf: options.renderPartnerPdf,
    pdfDir: options.pdfDir ?? (dataDir ? join(dataDir, 'pdf') : join(tmpdir(), `deck-pdf-${process.pid}`)),
  };
  ctx.servedVersion = await servedVersion(db, options.appId, ctx.staticDir, log);
  ctx.agreement = options.agreement !== undefined ? options.agreement : await readAgreementFile(agreementFileOf(ctx.staticDir), log);
  const newsClock = options.now ?? Date.now;
  // Set once the sweeps start (after the server listens); a question before then waits for the first sweep.
  let newsSoon = () => {};
  registerQuestions(ctx, [questionNews({ ...ctx, now: newsClock, newsSoon: () => newsSoon() })]);
  registerEngagement(ctx);
  let stopping = false;
  const app = createHttpApp(ctx, () => stopping);
  const server = createAdaptorServer({ fetch: app.fetch }) as HttpServer;
  const realtime = await attachRealtime(server, ctx, options.standingSweepMs);
  broadcaster = realtime;
  port = await listen(server, port, options.host);
  warmDeckPdf(ctx);
  // Digests of notices kept back wait at most this long once their admin's hour has room again.
  const flushDigests = () =>
    void flushNoticeDigests(ctx).catch((error: unknown) => log(`[mail] notice digests: ${error instanceof Error ? error.message : error}`));
  const digests = setInterval(flushDigests, options.noticeDigestEveryMs ?? 60_000);
  digests.unref();
  flushDigests();
  const news = startNewsSweeps(ctx, options.newsEveryMs ?? 60_000, newsClock);
  newsSoon = news.soon;
  claim?.setPort(port);
  const url = `http://${options.host && options.host !== '0.0.0.0' ? options.host : 'localhost'}:${port}`;
  const ready = readinessSummary(readinessOf(await readinessFacts(ctx, options.appId, await firstAdmin(ctx, options.appId))));
  log(startupMessage(url, options, report, service.source, ready));
  if (ctx.agreement) log(`[agreement] partners accept "${ctx.agreement.title}" (version ${ctx.agreement.version}) before the first page`);
  if (pruned > 0) log(`[audit] pruned ${pruned} entries older than ${options.auditRetentionDays ?? AUDIT_RETENTION_DAYS} days`);

  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    serviceToken: service.token,
    db,
    addApp: (appId, visibility, admin = {}) => bootstrapApp(db, appId, visibility, admin),
    settled: () => ctx.afterReply.idle(),
    close({ deadlineMs = DRAIN_DEADLINE_MS } = {}) {
      closing ??= (async () => {
        stopping = true;
        clearInterval(digests);
        try {
          const drain = await drainHttp(server, () => realtime.close(), deadlineMs);
          if (drain.forced) log(`[platform] requests still running after ${deadlineMs} ms were cut`);
          await ctx.afterReply.idle();
          await news.stop();
          mailer?.close();
          await db.close();
        } finally {
          // Even when a step failed: this process is done with DATA_DIR, and a lock left behind would
          // name a live pid until it exits.
          claim?.release();
        }
      })();
      return closing;
    },
  };
}
