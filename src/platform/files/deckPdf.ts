import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as after } from 'node:timers/promises';
import type { Context } from 'hono';
import { ACCESS_ENDED_REASON } from '../../../schemas/accessWire.ts';
import { DECK_PDF_FILE, deckPdfName, stampText } from '../../../schemas/engagementPaths.ts';
import { accessEnded, bearerToken } from '../identity/access.ts';
import { type AdmissionContext, admit, identify } from '../identity/admission.ts';
import { readDeckOptions } from '../records/deckOptions.ts';
import { gateError, HttpError } from '../core/errors.ts';
import { auditDownloadOnce, type DownloadContext, takeDownload } from './pdfDownloads.ts';
import { stampedCopy } from './stampedCopies.ts';
import { StampError, stampInThread, warmStampThread } from './stampThread.ts';
import { sessionToken } from '../identity/session.ts';
import { tokenHolder } from '../identity/tokens.ts';
import type { UserRow } from '../identity/users.ts';
import type { DeckIdentity } from '../mail/mailWording.ts';
import type { ViewerPartner } from '../../../schemas/viewerPartner.ts';
import { type PartnerPdfRenderer, partnerPdfFile } from './partnerPdf.ts';
import { viewedPerson } from '../identity/requestPartner.ts';
import { ownPartner } from '../../../schemas/partnerValues.ts';

// DECK_PDF_PATH: the exported deck, stamped with the viewer's email and the day on every page.
// Only a person the gate admits gets it, and only while the deck's options allow downloads; the
// unstamped file itself is never served (publicDeckFiles.ts gives it no audience).

/** What the deck's PDF reads: the admission, the downloads' limit and log, the built deck and where partners' own PDFs are kept. */
export interface DeckPdfContext extends Omit<AdmissionContext, 'db'>, DownloadContext {
  /** The app whose deck is served. */
  deckAppId: string;
  staticDir: string;
  pdfDir: string;
  /** Prints a partner's own PDF; absent where the server cannot print. */
  renderPartnerPdf?: PartnerPdfRenderer | undefined;
  /** Whose deck it is: the download is saved under the company's name. */
  deck: Pick<DeckIdentity, 'company'>;
  /** The deck-wide partner, named in the download of a viewer without their own Prepared-for. */
  deckPartner: ViewerPartner | null;
}

/** What staticDeck answers itself: the gate page as for any gated page, or its ordinary 404. */
export type DeckPdfRefusal = 'signed-out' | 'not-found';

/**
 * The stamped PDF for the caller (session cookie or bearer token), or why not: signed out (no
 * live credential) and downloads off are answered by staticDeck as for pages; access ended or not
 * admitted throw the gate's 403, and a deck never exported a 503 naming `npm run export`.
 */
export async function deckPdfAnswer(c: Context, ctx: DeckPdfContext, root: string): Promise<Response | DeckPdfRefusal> {
  const token = bearerToken(c.req.header('authorization')) ?? sessionToken(c);
  if (!token) return 'signed-out';
  const { app, caller } = await identify(ctx, ctx.deckAppId, token);
  if (caller.kind === 'invalid') {
    // Revoking ends a person's tokens too; their download is refused for that reason, not as a stranger's.
    const holder = await tokenHolder(ctx.db, token, app.id);
    if (holder && accessEnded(holder)) throw gateError(ACCESS_ENDED_REASON);
  }
  // The stamp names a person: the service role and dead tokens have none to name.
  if (caller.kind !== 'user') return 'signed-out';
  await admit(ctx, { app, caller });
  if (!(await readDeckOptions(ctx.db, app.id)).downloads) return 'not-found';
  // A viewer with their own Prepared-for gets their own PDF: the deck-wide export names another partner.
  // An admin's "View as" gets that person's PDF (stamped with the admin's own address).
  const viewed = await viewedPerson(ctx, c, app.id, caller);
  const person = viewed ?? caller.user;
  const own = ownPartner(person.prepared_for);
  const headers = {
    'Content-Type': 'application/pdf',
    // Saved under the deck's and the partner's names, so a folder of them tells them apart.
    'Content-Disposition': `attachment; filename="${deckPdfName(ctx.deck.company, (own ?? (ctx.deckPartner?.sample ? null : ctx.deckPartner))?.name)}"`,
    'Cache-Control': 'private, no-store',
  };
  c.header('Vary', 'Authorization', { append: true });
  const place = await takeDownload(ctx, app.id, caller.user.id);
  const stamped = async (file: string): Promise<Uint8Array> => {
    let body: Uint8Array;
    try {
      body = await stampedFile(ctx, file, caller.user.email);
    } catch (error) {
      // No PDF was sent: the attempt does not count against the person.
      await place.giveBack();
      throw error;
    }
    await auditDownloadOnce(ctx, c, app.id, caller, person);
    return body;
  };
  if (!own) return c.body((await stamped(join(root, DECK_PDF_FILE))) as Uint8Array<ArrayBuffer>, 200, headers);
  const file = ownPdf(ctx, own);
  // A partner's PDF that is not printed yet takes chromium seconds. Past PRINT_GRACE_MS the download
  // starts at once, so the browser shows it in progress instead of a link that seems dead, and its
  // bytes follow when printed; a print that fails within the grace is still a 503 that says so.
  const early = await Promise.race([
    file.then(
      () => 'done' as const,
      () => 'done' as const,
    ),
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: `ref` only decides whether this timer alone keeps a stopping process up for the grace.
    after(PRINT_GRACE_MS, 'waiting' as const, { ref: false }),
  ]);
  if (early === 'done') return c.body((await stamped(await file)) as Uint8Array<ArrayBuffer>, 200, headers);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(await stamped(await file));
        controller.close();
      } catch (error) {
        // Too late for a status: the browser shows the download as failed; the log says why.
        ctx.log(`[deck.pdf] a download that waited for its print ended: ${error instanceof Error ? error.message : String(error)}`);
        controller.error(error);
      }
    },
  });
  return c.body(body, 200, headers);
}

/** How long a download waits for a partner's print before it starts and sends the bytes when they are ready. */
export const PRINT_GRACE_MS = 1000;

/**
 * `file` stamped with `email` and today, or the 503 saying why it cannot be. The stamp is made in
 * the stamping thread (stampThread.ts) and kept per person and version (stampedCopies.ts).
 */
async function stampedFile(ctx: Pick<DeckPdfContext, 'log'>, file: string, email: string): Promise<Uint8Array> {
  const notExported = () =>
    new HttpError(503, {
      detail: `The deck's PDF has not been exported: run \`npm run export\` (it writes ${DECK_PDF_FILE} into the built deck), then try again.`,
      code: 'pdf_not_exported',
    });
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notExported();
  const text = stampText(email, new Date());
  try {
    return await stampedCopy(`${file}\0${info.mtimeMs}:${info.size}\0${text}`, () => stampInThread(file, text));
  } catch (error) {
    if (error instanceof StampError && error.reason === 'missing') throw notExported();
    ctx.log(`[deck.pdf] ${file} cannot be stamped: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(503, {
      detail: `The deck's PDF (${DECK_PDF_FILE}) could not be read as a PDF: run \`npm run export\` again, then try again.`,
      code: 'pdf_unreadable',
    });
  }
}

/**
 * Prints a person's own PDF ahead of their first download: when they are invited with a
 * Prepared-for or given a new one, and the deck offers downloads. Their download then stamps a kept
 * file instead of waiting seconds for chromium. A failure is logged (partnerPdfFile) and the download
 * itself tries again.
 */
export function printAhead(ctx: DeckPdfContext, user: UserRow): void {
  const partner = ownPartner(user.prepared_for);
  if (!ctx.renderPartnerPdf || !partner) return;
  void (async () => {
    if ((await readDeckOptions(ctx.db, user.app_id)).downloads) await ownPdf(ctx, partner);
  })().catch(() => undefined);
}

/** `partner`'s own PDF of the build this platform serves (partnerPdf.ts): kept, or printed now. */
function ownPdf(ctx: DeckPdfContext, partner: ViewerPartner): Promise<string> {
  return partnerPdfFile({ staticDir: resolve(ctx.staticDir), pdfDir: ctx.pdfDir, render: ctx.renderPartnerPdf, log: ctx.log }, partner);
}

/** Starts the stamping thread and parses the export (if any) there ahead of the first download; failures wait for a request to report them. */
export function warmDeckPdf(ctx: Pick<DeckPdfContext, 'staticDir'>): void {
  // The same absolute path as staticDeck's, so the thread finds it parsed.
  warmStampThread(join(resolve(ctx.staticDir), DECK_PDF_FILE));
}
