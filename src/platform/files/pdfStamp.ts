import { readFile, stat } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream, StandardFontEmbedder, StandardFonts } from 'pdf-lib';

// The exported deck (dist/deck.pdf) is stamped per viewer at request time: every page gets one
// line of small grey text in its bottom margin. pdf-lib parses the export once per modification
// time; each download then appends an incremental update (PDF 32000-1, 7.5.6) to the unchanged
// bytes: a font, one small content stream per page and each page's dictionary pointing at it.
// The export's links, outline and tags stay byte for byte, and a download costs a few kilobytes
// of work instead of parsing and rewriting the whole file on the server's one thread.

/** Size of the stamp's text, in PDF points: small, but readable when printed. */
export const STAMP_SIZE = 7;

/** How far above the page's bottom edge the stamp's baseline sits, in points. */
export const STAMP_BOTTOM = 6;

// Helvetica is one of the 14 standard fonts: nothing to embed, and every reader has its metrics.
// (pdf-lib's StandardFonts and the embedder's FontNames are two enums of the same names.)
const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as string as Parameters<typeof StandardFontEmbedder.for>[0]);
const encoder = new TextEncoder();

interface StampedPage {
  /** The page object, rewritten in the update under the same number. */
  ref: PDFRef;
  /** Its dictionary up to the last entry of its /Font resources: the stamp's font and /Contents follow. */
  head: string;
  /** Its content streams, as references. */
  contents: string[];
  /** The stamp's font name, one the page's own fonts do not use. */
  fontName: string;
  box: { x: number; y: number; width: number };
}

/** A parsed export, ready to receive stamps (see stampPdf). */
export interface PreparedPdf {
  bytes: Uint8Array;
  pages: StampedPage[];
  /** The first object number the update may use. */
  firstFree: number;
  /** Offset of the export's last cross-reference section, and whether it is a stream (or a table). */
  prevXref: number;
  xrefStream: boolean;
  trailer: string;
}

interface Source {
  mtimeMs: number;
  size: number;
  prepared: PreparedPdf;
}

const sources = new Map<string, Source>();

/** The export at `file`, parsed again only when its mtime or size changed; null when there is no such file. */
export async function loadSourcePdf(file: string): Promise<PreparedPdf | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    sources.delete(file);
    return null;
  }
  const cached = sources.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.prepared;
  const prepared = await preparePdf(new Uint8Array(await readFile(file)));
  sources.set(file, { mtimeMs: info.mtimeMs, size: info.size, prepared });
  return prepared;
}

/** Parses `bytes` once into what each stamp needs: its pages' dictionaries, boxes and the file's last xref. */
export async function preparePdf(bytes: Uint8Array): Promise<PreparedPdf> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context } = pdf;
  if (context.trailerInfo.Encrypt) throw new Error('deck.pdf is encrypted; export it without encryption');
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  const startxref = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!startxref) throw new Error('deck.pdf has no startxref');
  const prevXref = Number(startxref[1]);
  const xrefStream = Buffer.from(bytes.subarray(prevXref, prevXref + 4)).toString('latin1') !== 'xref';
  // pdf-lib unpacks object streams and drops them and the xref stream from its count, so the
  // last section's /Size (trailer or xref stream dictionary) is what says which numbers are free.
  const section = Buffer.from(bytes.subarray(prevXref, prevXref + 4096)).toString('latin1');
  const declaredSize = Number(/\/Size\s+(\d+)/.exec(section)?.[1] ?? 0);
  const trailer = (['Root', 'Info', 'ID'] as const)
    .map((key) => [key, context.trailerInfo[key]] as const)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `/${key} ${value!.toString()}`)
    .join(' ');
  const pages = pdf.getPages().map((page): StampedPage => {
    const leaf = page.node;
    const entries = leaf
      .entries()
      .filter(([key]) => key !== PDFName.of('Contents') && key !== PDFName.of('Resources'))
      .map(([key, value]) => `${key.toString()} ${value.toString()}`)
      .join('\n');
    const resources = context.lookupMaybe(leaf.getInheritableAttribute(PDFName.of('Resources')), PDFDict);
    const fontDict = resources ? context.lookupMaybe(resources.get(PDFName.of('Font')), PDFDict) : undefined;
    const taken = new Set(fontDict?.keys().map((key) => key.toString()) ?? []);
    let fontName = '/DeckStamp';
    for (let n = 1; taken.has(fontName); n++) fontName = `/DeckStamp${n}`;
    const otherResources = (resources?.entries() ?? [])
      .filter(([key]) => key !== PDFName.of('Font'))
      .map(([key, value]) => `${key.toString()} ${value.toString()}`)
      .join('\n');
    const fonts = (fontDict?.entries() ?? []).map(([key, value]) => `${key.toString()} ${value.toString()}`).join('\n');
    const box = page.getCropBox();
    return {
      ref: page.ref,
      head: `${entries}\n/Resources << ${otherResources}\n/Font << ${fonts}`,
      contents: contentRefs(context.lookup(leaf.get(PDFName.of('Contents'))), leaf.get(PDFName.of('Contents'))),
      fontName,
      box: { x: box.x, y: box.y, width: box.width },
    };
  });
  return { bytes, pages, firstFree: Math.max(context.largestObjectNumber + 1, declaredSize), prevXref, xrefStream, trailer };
}

// The page's existing content streams, as references (a page's /Contents is a stream or an array of them).
function contentRefs(resolved: PDFObject | undefined, raw: PDFObject | undefined): string[] {
  if (resolved instanceof PDFArray) return resolved.asArray().map((item) => item.toString());
  if (resolved instanceof PDFStream && raw instanceof PDFRef) return [raw.toString()];
  return [];
}

// Helvetica encodes WinAnsi only; anything else in an address becomes `?` rather than failing the download.
function encodable(text: string): string {
  return [...text].map((char) => (helvetica.encoding.canEncodeUnicodeCodePoint(char.codePointAt(0)!) ? char : '?')).join('');
}

const number = (value: number) => (Math.round(value * 100) / 100).toString();

/** The export with `text` drawn centred in the bottom margin of every page: its bytes plus one appended update. */
export function stampPdf(prepared: PreparedPdf, text: string): Uint8Array {
  const line = encodable(text);
  const hex = helvetica.encodeText(line).toString();
  const width = helvetica.widthOfTextAtSize(line, STAMP_SIZE);
  const font = prepared.firstFree;
  const open = font + 1;
  const stamp = (i: number) => font + 2 + i;
  const objects = new Map<number, { generation: number; body: string }>();
  objects.set(font, { generation: 0, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' });
  // The page's own drawing is wrapped in q … Q, so whatever state it leaves does not move the stamp.
  objects.set(open, { generation: 0, body: streamObject('q\n') });
  prepared.pages.forEach((page, i) => {
    const x = page.box.x + Math.max((page.box.width - width) / 2, 2);
    const y = page.box.y + STAMP_BOTTOM;
    const content = `Q\nq\n0.45 0.45 0.45 rg\nBT\n${page.fontName} ${STAMP_SIZE} Tf\n${number(x)} ${number(y)} Td\n${hex} Tj\nET\nQ\n`;
    objects.set(stamp(i), { generation: 0, body: streamObject(content) });
    const contents = `[${[`${open} 0 R`, ...page.contents, `${stamp(i)} 0 R`].join(' ')}]`;
    const dict = `<<\n${page.head}\n${page.fontName} ${font} 0 R >> >>\n/Contents ${contents}\n>>`;
    objects.set(page.ref.objectNumber, { generation: page.ref.generationNumber, body: dict });
  });
  return appendUpdate(prepared, objects, stamp(prepared.pages.length));
}

function streamObject(content: string): string {
  return `<< /Length ${encoder.encode(content).length} >>\nstream\n${content}\nendstream`;
}

// Writes the objects after the original bytes, then a cross-reference section of the same kind as
// the export's last one (a stream after a stream, a table after a table) pointing back to it.
function appendUpdate(prepared: PreparedPdf, objects: Map<number, { generation: number; body: string }>, xrefNumber: number): Uint8Array {
  const { bytes } = prepared;
  const parts: Uint8Array[] = [bytes];
  let offset = bytes.length;
  const push = (text: string | Uint8Array) => {
    const chunk = typeof text === 'string' ? encoder.encode(text) : text;
    parts.push(chunk);
    offset += chunk.length;
  };
  if (bytes[bytes.length - 1] !== 0x0a) push('\n');
  const offsets = new Map<number, { offset: number; generation: number }>();
  for (const [num, object] of [...objects].sort(([a], [b]) => a - b)) {
    offsets.set(num, { offset, generation: object.generation });
    push(`${num} ${object.generation} obj\n${object.body}\nendobj\n`);
  }
  // One more than the highest object number: the xref stream is an object itself, a table is not.
  const size = prepared.xrefStream ? xrefNumber + 1 : xrefNumber;
  const xrefAt = offset;
  if (prepared.xrefStream) {
    offsets.set(xrefNumber, { offset: xrefAt, generation: 0 });
    const sorted = [...offsets].sort(([a], [b]) => a - b);
    const rows = new Uint8Array(sorted.length * 7);
    const view = new DataView(rows.buffer);
    sorted.forEach(([, entry], i) => {
      view.setUint8(i * 7, 1);
      view.setUint32(i * 7 + 1, entry.offset);
      view.setUint16(i * 7 + 5, entry.generation);
    });
    const index = runs(sorted.map(([num]) => num)).map(([start, count]) => `${start} ${count}`).join(' ');
    push(`${xrefNumber} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Index [${index}] /Prev ${prepared.prevXref} ${prepared.trailer} /Length ${rows.length} >>\nstream\n`);
    push(rows);
    push('\nendstream\nendobj\n');
  } else {
    const sorted = [...offsets].sort(([a], [b]) => a - b);
    let table = 'xref\n';
    let i = 0;
    for (const [start, count] of runs(sorted.map(([num]) => num))) {
      table += `${start} ${count}\n`;
      for (const [, entry] of sorted.slice(i, i + count)) {
        table += `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n\r\n`;
      }
      i += count;
    }
    push(`${table}trailer\n<< /Size ${size} /Prev ${prepared.prevXref} ${prepared.trailer} >>\n`);
  }
  push(`startxref\n${xrefAt}\n%%EOF\n`);
  const out = new Uint8Array(offset);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// Consecutive object numbers as [first, count] runs, for the xref's subsections.
function runs(numbers: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const num of numbers) {
    const last = out.at(-1);
    if (last && last[0] + last[1] === num) last[1]++;
    else out.push([num, 1]);
  }
  return out;
}
