import { readFile, stat } from 'node:fs/promises';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

// The exported deck (dist/deck.pdf) is stamped per viewer at request time with pdf-lib: every
// page gets one line of small grey text in its bottom margin. The source is read once and kept
// until its modification time changes (a new `npm run export` while the server runs).

/** Size of the stamp's text, in PDF points: small, but readable when printed. */
export const STAMP_SIZE = 7;

/** How far above the page's bottom edge the stamp's baseline sits, in points. */
export const STAMP_BOTTOM = 6;

const GREY = rgb(0.45, 0.45, 0.45);

interface Source {
  mtimeMs: number;
  size: number;
  bytes: Uint8Array;
}

const sources = new Map<string, Source>();

/** The PDF at `file`, read again only when its mtime or size changed; null when there is no such file. */
export async function loadSourcePdf(file: string): Promise<Uint8Array | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    sources.delete(file);
    return null;
  }
  const cached = sources.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.bytes;
  const bytes = new Uint8Array(await readFile(file));
  sources.set(file, { mtimeMs: info.mtimeMs, size: info.size, bytes });
  return bytes;
}

// Helvetica (a standard font, nothing embedded) encodes WinAnsi only; anything else in an address
// becomes `?` rather than failing the download.
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((char) => (supported.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** `source` with `text` drawn centred in the bottom margin of every page, as a new PDF's bytes. */
export async function stampPdf(source: Uint8Array, text: string): Promise<Uint8Array> {
  // updateMetadata: false keeps the export's title, dates and producer as they were.
  const pdf = await PDFDocument.load(source, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const line = encodable(font, text);
  const width = font.widthOfTextAtSize(line, STAMP_SIZE);
  for (const page of pdf.getPages()) {
    const box = page.getCropBox();
    page.drawText(line, {
      x: box.x + Math.max((box.width - width) / 2, 2),
      y: box.y + STAMP_BOTTOM,
      size: STAMP_SIZE,
      font,
      color: GREY,
    });
  }
  return pdf.save();
}
