import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { DECK_PDF_FILE, type DeckPdfStatus } from '../../../../schemas/engagementPaths.ts';
import { readDeckOptions } from '../../records/deckOptions.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { loadSourcePdf } from '../../files/pdfStamp.ts';

/**
 * DECK_PDF_STATUS_CALL, behind the gate: a "Download PDF" that answered 503 because no
 * export was made was a dead end. The export is parsed once (the same cache the download uses).
 * Mounted at DECK_PDF_STATUS_CALL.
 */
export function deckPdfStatusRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const status = new Hono<AppEnv>();
  status.get('/', async (c) => {
    const app = c.get('app');
    const offered = (await readDeckOptions(ctx.db, app.id)).downloads;
    // Only the deck's own app has the export (staticDeck serves DECK_PDF_PATH for it alone).
    const source = app.id === ctx.deckAppId ? await loadSourcePdf(join(resolve(ctx.staticDir), DECK_PDF_FILE)).catch(() => null) : null;
    c.header('Cache-Control', 'no-store');
    return c.json({ offered, exported: source !== null } satisfies DeckPdfStatus);
  });
  return status;
}
