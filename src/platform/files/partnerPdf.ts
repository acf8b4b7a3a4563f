import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ViewerPartner } from '../../../schemas/viewerPartner.ts';
import { HttpError } from '../core/errors.ts';

// A partner's own PDF: the deck printed with that partner's name in every slot, so a viewer
// pitched under their own Prepared-for never downloads the deck-wide partner's name. Printing takes
// chromium seconds, so each distinct partner is printed once per build, kept as a file in the PDF
// folder (DATA_DIR/pdf; shared by every process on that folder) and stamped per viewer from there.

/** Prints the built deck for `partner` into `target` (written whole, then renamed). */
export type PartnerPdfRenderer = (partner: ViewerPartner, target: string) => Promise<void>;

const rendering = new Map<string, Promise<string>>();

/** Which build the pages come from: their cover's modification time and size (a new build changes both). */
function buildStamp(staticDir: string): string {
  const info = statSync(join(staticDir, 'index.html'), { throwIfNoEntry: false });
  // Stryker disable next-line StringLiteral: any constant names "no build"; a build's stamp always holds a colon, so none equals it.
  if (!info) return 'no-build';
  return `${info.mtimeMs}:${info.size}`;
}

/** The file of `partner`'s own PDF for the current build, printed first if there is none yet. */
export async function partnerPdfFile(
  options: { staticDir: string; pdfDir: string; render: PartnerPdfRenderer | undefined; log: (line: string) => void },
  partner: ViewerPartner,
): Promise<string> {
  const hash = createHash('sha256').update(buildStamp(options.staticDir));
  // Stryker disable next-line StringLiteral: the separator only guards against a stamp running into the partner; a stamp holds no "{" and the JSON starts with one, so no two pairs hash alike without it.
  hash.update('\0');
  const key = hash.update(JSON.stringify(partner)).digest('hex').slice(0, 32);
  const file = join(options.pdfDir, `${key}.pdf`);
  if (statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  const { render } = options;
  if (!render) {
    throw new HttpError(503, {
      detail:
        'This viewer has their own "Prepared for", and this server cannot print their own PDF (it needs chromium and the deck\'s export code: run the platform with npm start). The deck-wide PDF is not given instead, since it names another partner.',
      code: 'pdf_not_available',
    });
  }
  let pending = rendering.get(file);
  if (!pending) {
    mkdirSync(options.pdfDir, { recursive: true, mode: 0o700 });
    const started = Date.now();
    pending = render(partner, file).then(
      () => {
        options.log(`[deck.pdf] printed the PDF for one partner in ${Date.now() - started} ms`);
        return file;
      },
      (error: unknown) => {
        options.log(`[deck.pdf] could not print a partner's PDF: ${error instanceof Error ? error.message : String(error)}`);
        throw new HttpError(503, {
          detail: "Your copy of the deck could not be printed just now. Try again in a minute; if it keeps failing, tell the deck's owners.",
          code: 'pdf_render_failed',
        });
      },
    );
    rendering.set(file, pending);
    void pending.finally(() => rendering.delete(file)).catch(() => undefined);
  }
  return pending;
}
