import { join, resolve } from 'node:path';
import type { Hono } from 'hono';
import { DECK_PDF_FILE, DECK_PDF_STATUS_CALL, type DeckPdfStatus } from '../../../../schemas/engagementPaths.ts';
import { readDeckOptions } from '../../records/deckOptions.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';
import { loadSourcePdf } from '../../files/pdfStamp.ts';

/**
 * DECK_PDF_STATUS_CALL, behind the gate (issue 28): a "Download PDF" that answered 503 because no
 * export was made was a dead end. The export is parsed once (the same cache the download uses).
 */
export function registerDeckPdfStatusRoute(api: Hono<AppEnv>, ctx: PlatformContext): void {
  api.get(DECK_PDF_STATUS_CALL, async (c) => {
    const app = c.get('app');
    const offered = (await readDeckOptions(ctx.db, app.id)).downloads;
    // Only the deck's own app has the export (staticDeck serves DECK_PDF_PATH for it alone).
    const source = app.id === ctx.deckAppId ? await loadSourcePdf(join(resolve(ctx.staticDir), DECK_PDF_FILE)).catch(() => null) : null;
    c.header('Cache-Control', 'no-store');
    return c.json({ offered, exported: source !== null } satisfies DeckPdfStatus);
  });
}
