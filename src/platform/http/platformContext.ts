import type { Db } from '../db/db.ts';
import type { ServedVersion } from '../records/deckVersions.ts';
import type { PartnerPdfRenderer } from '../files/partnerPdf.ts';
import type { ViewerPartner } from '../../../schemas/viewerPartner.ts';
import type { DeckIdentity } from '../mail/mailWording.ts';
import type { MailSender } from '../mail/mailer.ts';
import type { Context } from 'hono';
import type { Broadcaster, Log } from '../core/context.ts';
import type { AfterReplyQueue } from './afterReply.ts';
import type { AttemptLimiter } from '../identity/attemptLimiter.ts';
import type { SignInLimits } from '../identity/signInLimits.ts';
import type { RenderedMail } from '../mail/mailDraft.ts';
import type { WriteRates } from '../records/writeRates.ts';
import type { NoticeThrottle } from '../records/adminNotices.ts';
import type { EntityHooks } from '../records/entityHooks.ts';
import type { AgreementText } from '../../../schemas/agreement.ts';

/** What every route needs: the database, the log, secrets and shared limiters. */
export interface PlatformContext {
  db: Db;
  log: Log;
  serviceToken: string;
  /** Limits on password checks per account, per address and both (signInLimits.ts). */
  signInLimits: SignInLimits;
  /** Each admin's hourly budget of notice mails (the rest wait for a digest). */
  notices: NoticeThrottle;
  /** The viewers' write rates of the access table (entityAccess.ts), counted in the database. */
  writeRates: WriteRates;
  /** Codes mailed to addresses without an account, per app and hour, all together. */
  newAddressCodes: AttemptLimiter;
  /** Counts code and reset-link requests per email and kind (5 per 15 min), against mail floods. */
  mailLimiter: AttemptLimiter;
  /** The client address a request came from (clientAddress.ts), the key of per-client limits. */
  clientAddress: (c: Context) => string;
  broadcaster: Broadcaster;
  /** What features add to the generic entity store (questions/, engagement/). */
  entityHooks: EntityHooks;
  /** Work that must not delay (or time) a reply: codes and mail of register, resend and reset. */
  afterReply: AfterReplyQueue;
  /** The app whose deck staticDeck serves. */
  deckAppId: string;
  /** The confidentiality agreement the deck serves (the build's); null when it has none. */
  agreement?: AgreementText | null;
  /** The deck version this process serves (deckVersions.ts), recorded at start; null without a ledger. */
  servedVersion?: ServedVersion | null;
  /** Who may frame the deck's pages (`frame-ancestors`, contentSecurityPolicy.ts). */
  frameAncestors: readonly string[];
  staticDir: string;
  /** Hands a message to the mail server (SMTP_URL, mailer.ts); absent without one (outbox.ts sendMail). */
  deliver?: ((message: RenderedMail) => Promise<void>) | undefined;
  /** Whether `deliver` attaches the company's logo (mailer.ts). */
  mailLogo?: boolean;
  /** Base of links written to the outbox (reset and invitation links). */
  publicUrl: () => string;
  /** Who sends the deck's mail (mailWording.ts). */
  deck: DeckIdentity;
  /** The From header's name and address (MAIL_FROM, mailer.ts). */
  mailSender: MailSender;
  /** SMTP_URL without its password, or null without a mail server. */
  mailServer: string | null;
  /** Settings of deck.yaml still holding sample values (its `samples:`), for "Ready to share". */
  contentSamples: readonly string[];
  /** The deck-wide partner (deck.yaml `partner`), for viewers without their own Prepared-for; null when not configured. */
  deckPartner: ViewerPartner | null;
  /** Prints a partner's own PDF (partnerPdf.ts); absent where the server cannot print. */
  renderPartnerPdf?: PartnerPdfRenderer | undefined;
  /** Where partners' own PDFs are kept (DATA_DIR/pdf, or a temp folder without DATA_DIR). */
  pdfDir: string;
}
