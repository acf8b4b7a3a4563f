import { DECK_PDF_FILE } from '../../../schemas/engagementPaths.ts';
import { CONTENT_ASSETS_DIR } from '../../content/contentChunks.ts';

/** Pages that hold no deck content: the gate shell, the 404 page and the sign-in page. */
export const OPEN_PAGES: ReadonlySet<string> = new Set(['_gate.html', '404.html', 'login.html']);

// Files in the deck folder's root that anyone may fetch. The logo, mascot and anything added later
// stay behind the gate until someone decides they are public.
const OPEN_ROOT_FILES = new Set(['favicon.svg', 'robots.txt']);

// The bundler's hashed build output directly in assets/ (never in a subfolder such as the content
// folder): the shell's scripts, styles and fonts. Matched case-sensitively, so `ASSETS/…` or
// `assets/CONTENT/…` on a case-insensitive disk is not mistaken for it.
const BUILD_ASSET = /^assets\/[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(js|css|woff2?|svg|png|webp|avif)$/;

/**
 * Who may fetch a file of the built deck: `stamped` is the exported PDF, which only goes out
 * stamped per viewer (deckPdf.ts); `nobody` gets any other PDF as it lies on disk.
 */
export type FileAudience = 'anyone' | 'anyone-cacheable' | 'admitted' | 'stamped' | 'nobody';

/**
 * Decides on the relative file that will be served (never on the request string): the open pages,
 * favicon and robots for anyone, hashed build assets for anyone and shared caches, the exported
 * PDF only stamped and no other PDF at all, everything else (every slide page, the content
 * folder, any file not named here) for admitted visitors only.
 */
export function fileAudience(relative: string): FileAudience {
  if (relative === DECK_PDF_FILE) return 'stamped';
  // The unstamped export under another spelling (`DECK.PDF` on a case-insensitive disk) or any other PDF.
  if (relative.toLowerCase().endsWith('.pdf')) return 'nobody';
  if (OPEN_PAGES.has(relative) || OPEN_ROOT_FILES.has(relative)) return 'anyone';
  if (!relative.startsWith(`${CONTENT_ASSETS_DIR}/`) && BUILD_ASSET.test(relative)) return 'anyone-cacheable';
  return 'admitted';
}
