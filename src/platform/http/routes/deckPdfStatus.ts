import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { DECK_PDF_FILE, type DeckPdfStatus } from '../../../../schemas/engagementPaths.ts';
import { readDeckOptions } from '../../records/deckOptions.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { isExporting } from '../../files/deckPdfExport.ts';
import { readsAsPdf } from '../../files/stampThread.ts';

/**
 * DECK_PDF_STATUS_CALL, behind the gate: a "Download PDF" that answered 503 because no
 * export was made was a dead end. The export is parsed once, in the stamping thread (where the
 * downloads find it parsed); `exporting` says one is being made in the background of `npm start`.
 * Mounted at DECK_PDF_STATUS_CALL.
 */
export function deckPdfStatusRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const status = new Hono<AppEnv>();
  status.get('/', async (c) => {
    const app = c.get('app');
    const offered = (await readDeckOptions(ctx.db, app.id)).downloads;
    // Only the deck's own app has the export (staticDeck serves DECK_PDF_PATH for it alone).
    const own = app.id === ctx.deckAppId;
    const exported = own && (await readsAsPdf(join(resolve(ctx.staticDir), DECK_PDF_FILE)));
    c.header('Cache-Control', 'no-store');
    return c.json({ offered, exported, exporting: own && !exported && isExporting(ctx.staticDir) } satisfies DeckPdfStatus);
  });
  return status;
}
