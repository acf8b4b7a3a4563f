import { readFile, stat } from 'node:fs/promises';
import type { PDFDocument, PDFName, PDFPage, PDFRawStream, PDFRef } from 'pdf-lib';

// The exported deck (dist/deck.pdf) is stamped per viewer at request time: every page gets one
// line of small grey text in its bottom margin. The stamped file is ONE revision, written whole by
// pdf-lib's save: an appended incremental update could be cut off at the export's own
// %%EOF, leaving the unstamped deck byte for byte, so a forwarded copy could not be traced.
//
// pdf-lib parses the export once per modification time; that parse also adds, once, a font and
// one stamp content stream per page (each page's /Contents becomes [q-stream, …its own…, stamp]).
// A download then only replaces the stamp streams' bytes and serializes the whole document: the
// export's links, outline and tags are carried over as objects, only their file offsets change.
// The document is shared, so stamps and saves run one at a time (a save yields between objects,
// and a second viewer's stamp must never land in the first one's file).

/** Size of the stamp's text, in PDF points: small, but readable when printed. */
export const STAMP_SIZE = 7;

/** How far above the page's bottom edge the stamp's baseline sits, in points. */
export const STAMP_BOTTOM = 6;

interface StampedPage {
  page: PDFPage;
  /** The page's stamp content stream, replaced for every download. */
  stampRef: PDFRef;
  /** The stamp's font name in the page's resources (one the page's own fonts do not use). */
  fontName: PDFName;
}

/** A parsed export, ready to receive stamps (see stampPdf). */
export interface PreparedPdf {
  doc: PDFDocument;
  pages: StampedPage[];
  font: Awaited<ReturnType<PDFDocument['embedFont']>>;
  /** The tail of the queue of stamps on this document: each waits for the one before. */
  queue: Promise<unknown>;
}

interface Source {
  mtimeMs: number;
  size: number;
  prepared: Promise<PreparedPdf>;
}

const sources = new Map<string, Source>();

/** Parsed PDFs kept at once (the deck-wide export and partners' own); the least recently used go first. */
export const PARSED_PDFS_KEPT = 8;

/** The export at `file`, parsed again only when its mtime or size changed; null when there is no such file. */
export async function loadSourcePdf(file: string): Promise<PreparedPdf | null> {
  // Stryker disable next-line ArrowFunction: a failed stat as undefined is "no file" alike.
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    sources.delete(file);
    return null;
  }
  const cached = sources.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
    sources.delete(file);
    sources.set(file, cached);
    return cached.prepared;
  }
  // The promise is kept, so requests arriving during a parse share it instead of parsing again.
  const prepared = readFile(file).then((bytes) => preparePdf(new Uint8Array(bytes)));
  sources.delete(file);
  if (sources.size >= PARSED_PDFS_KEPT) sources.delete(sources.keys().next().value!);
  sources.set(file, { mtimeMs: info.mtimeMs, size: info.size, prepared });
  prepared.catch(() => {
    if (sources.get(file)?.prepared === prepared) sources.delete(file);
  });
  return prepared;
}

/** Parses `bytes` once and gives every page an (empty) stamp content stream and the stamp's font. */
export async function preparePdf(bytes: Uint8Array): Promise<PreparedPdf> {
  // Loaded on the first PDF asked for: half a second of every platform start (and of every test
  // process that starts one) that a deck without an export never needs.
  const { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context } = doc;
  // An encrypted export is refused by load() itself ("Input document … is encrypted").
  // Helvetica is one of the 14 standard fonts: nothing to embed, and every reader has its metrics.
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // The page's own drawing is wrapped in q … Q, so whatever state it leaves does not move the stamp.
  const open = context.register(context.flateStream('q\n'));
  const pages = doc.getPages().map((page): StampedPage => {
    const leaf = page.node;
    // normalize() gives the page its own /Resources and /Font dictionaries (copies of inherited ones).
    leaf.normalize();
    const fonts = leaf.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    let fontName = PDFName.of('DeckStamp');
    for (let n = 1; fonts.has(fontName); n++) fontName = PDFName.of(`DeckStamp${n}`);
    fonts.set(fontName, font.ref);
    // Stryker disable next-line StringLiteral: stampNow replaces this placeholder before every save, so its text is never written.
    const stampRef = context.register(context.stream('', {}));
    // normalize() has made contents of one stream a list of it; a page without any has none.
    const contents = context.lookup(leaf.get(PDFName.of('Contents')));
    const own = contents instanceof PDFArray ? contents.asArray() : [];
    leaf.set(PDFName.of('Contents'), context.obj([open, ...own, stampRef]));
    return { page, stampRef, fontName };
  });
  // The font's object is written at the first save (embedFont defers it); do it now, once.
  await font.embed();
  return { doc, pages, font, queue: Promise.resolve() };
}

const number = (value: number) => (Math.round(value * 100) / 100).toString();

// Helvetica encodes WinAnsi only; anything else in an address becomes `?` rather than failing the download.
function encodable(prepared: PreparedPdf, text: string): string {
  const charset = new Set(prepared.font.getCharacterSet());
  return [...text].map((char) => (charset.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/**
 * The export with `text` drawn centred in the bottom margin of every page, as one revision: a
 * whole file written by pdf-lib, with no earlier %%EOF and no prefix that reads without the stamp.
 */
export function stampPdf(prepared: PreparedPdf, text: string): Promise<Uint8Array> {
  const run = prepared.queue.then(() => stampNow(prepared, text));
  prepared.queue = run.catch(() => undefined);
  return run;
}

async function stampNow(prepared: PreparedPdf, text: string): Promise<Uint8Array> {
  const { doc, font } = prepared;
  const line = encodable(prepared, text);
  const hex = font.encodeText(line).toString();
  const width = font.widthOfTextAtSize(line, STAMP_SIZE);
  for (const { page, stampRef, fontName } of prepared.pages) {
    const box = page.getCropBox();
    const x = box.x + Math.max((box.width - width) / 2, 2);
    const y = box.y + STAMP_BOTTOM;
    const content = `Q\nq\n0.45 0.45 0.45 rg\nBT\n${fontName.toString()} ${STAMP_SIZE} Tf\n${number(x)} ${number(y)} Td\n${hex} Tj\nET\nQ\n`;
    doc.context.assign(stampRef, doc.context.flateStream(content) as PDFRawStream);
  }
  // No yielding between objects: one save at a time anyway, and fewer ticks is faster.
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: the export has no form fields and always pages, and objectsPerTick only paces the save.
  return doc.save({ updateFieldAppearances: false, addDefaultPage: false, objectsPerTick: Number.POSITIVE_INFINITY });
}
