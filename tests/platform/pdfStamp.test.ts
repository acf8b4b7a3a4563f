import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, type PDFRawStream, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSourcePdf, PARSED_PDFS_KEPT, preparePdf, stampPdf } from '../../src/platform/files/pdfStamp.ts';

// The stamp (pdfStamp.ts) read back with pdf-lib: where it is drawn, under which font name, what of
// the export it keeps, and which parsed exports it keeps between downloads.

const dir = mkdtempSync(join(tmpdir(), 'pdf-stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small export: `sizes` pages of the given width and height, drawn with Helvetica. */
async function exportPdf(sizes: Array<[number, number]> = [[960, 540]], fontNamed?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer('deck export');
  doc.setModificationDate(new Date('2026-01-02T03:04:05Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const size of sizes) {
    const page = doc.addPage(size);
    page.drawText('Cover', { x: 40, y: 480, size: 24, font });
    // A page that already uses the stamp's font name for a font of its own.
    if (fontNamed) page.node.setFontDictionary(PDFName.of(fontNamed), font.ref);
  }
  return doc.save();
}

/** The text of the content stream `ref` names in `doc`. */
function decoded(doc: PDFDocument, ref: Parameters<PDFDocument['context']['lookup']>[0]): string {
  return new TextDecoder().decode(decodePDFRawStream(doc.context.lookup(ref) as PDFRawStream).decode());
}

/** The stamp's drawing on each page of a stamped PDF: the last content stream, decoded. */
async function stampsOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents() as PDFArray;
    return decoded(doc, contents.get(contents.size() - 1));
  });
}

describe('stampPdf', () => {
  it('centres the line in the bottom margin of every page, whatever its width, at two decimals', async () => {
    const prepared = await preparePdf(
      await exportPdf([
        [960, 540],
        [612.333, 792],
      ]),
    );
    const text = 'Prepared for Ann · ann@lender.example';
    const width = prepared.font.widthOfTextAtSize(text, 7);
    const [first, second] = await stampsOf(await stampPdf(prepared, text));
    const x = (pageWidth: number) => (Math.round(((pageWidth - width) / 2) * 100) / 100).toString();
    expect(first).toContain(`/DeckStamp 7 Tf\n${x(960)} `);
    expect(second).toContain(`/DeckStamp 7 Tf\n${x(612.333)} `);
    expect(first).toMatch(/^Q\nq\n0\.45 0\.45 0\.45 rg\nBT\n/);
  });

  it('keeps at least 2 points from the left edge when the line is wider than the page', async () => {
    const prepared = await preparePdf(await exportPdf([[100, 100]]));
    const [stamp] = await stampsOf(await stampPdf(prepared, 'a line far wider than this small page could ever hold'));
    expect(stamp).toMatch(/Tf\n2 \d/);
  });

  it('takes another font name where a page already has a font called DeckStamp, and the next where that is taken too', async () => {
    const prepared = await preparePdf(await exportPdf([[960, 540]], 'DeckStamp'));
    const [stamp] = await stampsOf(await stampPdf(prepared, 'x'));
    expect(stamp, "the stamp took over the page's own DeckStamp font").toContain('/DeckStamp1 7 Tf');
    const both = await PDFDocument.load(await exportPdf([[960, 540]], 'DeckStamp'));
    const font = await both.embedFont(StandardFonts.Helvetica);
    both.getPage(0).node.setFontDictionary(PDFName.of('DeckStamp1'), font.ref);
    const [next] = await stampsOf(await stampPdf(await preparePdf(await both.save()), 'x'));
    expect(next).toContain('/DeckStamp2 7 Tf');
  });

  it("keeps each page's own drawing, wrapped so that its state cannot move the stamp", async () => {
    const original = await exportPdf();
    const source = await PDFDocument.load(original);
    const current = source.getPage(0).node.get(PDFName.of('Contents'))!;
    const resolved = source.context.lookup(current);
    const own = (resolved instanceof PDFArray ? resolved.asArray() : [current]).map((ref) => decoded(source, ref));
    expect(own.join('')).toContain(' Tj');
    const stamped = await PDFDocument.load(await stampPdf(await preparePdf(original), 'x'));
    const contents = stamped.getPage(0).node.Contents() as PDFArray;
    const streams = contents.asArray().map((ref) => decoded(stamped, ref));
    // Ours open and close around the page's own (pdf-lib may wrap it in a q/Q pair of its own).
    expect(streams[0], 'the opening q').toBe('q\n');
    expect(streams.at(-1), 'the stamp, closing the page first').toMatch(/^Q\nq\n/);
    expect(streams.slice(1, -1).join(''), "the page's own drawing was dropped").toContain(own.join(''));
  });

  it("keeps a page's own drawing when its contents are one stream rather than a list", async () => {
    const source = await PDFDocument.load(await exportPdf());
    const leaf = source.getPage(0).node;
    const parts = (source.context.lookup(leaf.get(PDFName.of('Contents'))) as PDFArray).asArray();
    const own = parts.map((ref) => decoded(source, ref)).join('\n');
    expect(own).toContain('<436F766572> Tj');
    leaf.set(PDFName.of('Contents'), source.context.register(source.context.flateStream(own)));
    const stamped = await PDFDocument.load(await stampPdf(await preparePdf(await source.save()), 'x'));
    const streams = (stamped.getPage(0).node.Contents() as PDFArray).asArray().map((ref) => decoded(stamped, ref));
    // Ours open and close around the page's own, which pdf-lib may wrap in a q/Q pair of its own.
    expect(streams[0], 'the opening q').toBe('q\n');
    expect(streams.at(-1), 'the stamp, closing the page first').toMatch(/^Q\nq\n/);
    expect(streams.slice(1, -1).join('').split(own).length - 1, "the page's one stream was dropped or doubled").toBe(1);
  });

  it('stamps a page that has no drawing of its own (no /Contents at all)', async () => {
    const source = await PDFDocument.load(await exportPdf());
    source.addPage([960, 540]);
    expect(source.getPage(1).node.get(PDFName.of('Contents')), 'pdf-lib gave the blank page contents').toBeUndefined();
    const stamped = await PDFDocument.load(await stampPdf(await preparePdf(await source.save()), 'blank@lender.example'));
    const streams = (stamped.getPage(1).node.Contents() as PDFArray).asArray().map((ref) => decoded(stamped, ref));
    expect(streams, 'only our opening q and the stamp').toHaveLength(2);
    expect(streams[0]).toBe('q\n');
    expect(streams[1]).toMatch(/^Q\nq\n[\s\S]* Tj\nET\nQ\n$/);
  });

  it('draws a character Helvetica cannot encode as ?, keeping the rest of the line', async () => {
    const prepared = await preparePdf(await exportPdf());
    const [unencodable] = await stampsOf(await stampPdf(prepared, 'Zoë 李 Ltd'));
    const [marked] = await stampsOf(await stampPdf(prepared, 'Zoë ? Ltd'));
    expect(unencodable, 'the character was not drawn as ?').toBe(marked);
  });

  it('refuses an encrypted export, naming the encryption', async () => {
    const doc = await PDFDocument.load(await exportPdf());
    doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: 'Standard', V: 1, R: 2 }));
    await expect(preparePdf(await doc.save())).rejects.toThrow(/encrypted/i);
  });

  it("leaves the export's own metadata as it was", async () => {
    const stamped = await PDFDocument.load(await stampPdf(await preparePdf(await exportPdf()), 'x'), { updateMetadata: false });
    expect(stamped.getProducer()).toBe('deck export');
    expect(stamped.getModificationDate()?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('loadSourcePdf', () => {
  it('parses an export once while its file is unchanged, and again once it changed', async () => {
    const file = join(dir, 'deck.pdf');
    writeFileSync(file, await exportPdf());
    const first = await loadSourcePdf(file);
    expect(first).not.toBeNull();
    expect(await loadSourcePdf(file), 'the same export parsed again').toBe(first);
    // A rebuild: same size, a new mtime; then another size.
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const touched = await loadSourcePdf(file);
    expect(touched, 'a rebuilt export served from the old parse').not.toBe(first);
    // Another size under the same mtime (a copy that kept its time) is another export too.
    const { mtime } = statSync(file);
    writeFileSync(
      file,
      await exportPdf([
        [960, 540],
        [960, 540],
      ]),
    );
    utimesSync(file, mtime, mtime);
    const grown = await loadSourcePdf(file);
    expect(grown).not.toBe(touched);
    expect(grown!.pages).toHaveLength(2);
  });

  it('answers null for a missing file or a folder, and forgets what it had', async () => {
    const file = join(dir, 'gone.pdf');
    writeFileSync(file, await exportPdf());
    expect(await loadSourcePdf(file)).not.toBeNull();
    rmSync(file);
    expect(await loadSourcePdf(file)).toBeNull();
    expect(await loadSourcePdf(dir), 'a folder taken for an export').toBeNull();
  });

  it('parses a broken export again, rather than keeping the failure, even when the mended file looks the same', async () => {
    const file = join(dir, 'broken.pdf');
    const good = await exportPdf();
    // Same size and same mtime as the good file it becomes: only a forgotten failure parses again.
    writeFileSync(file, new Uint8Array(good.length));
    const when = new Date('2026-03-04T05:06:07Z');
    utimesSync(file, when, when);
    await expect(loadSourcePdf(file)).rejects.toThrow();
    writeFileSync(file, good);
    utimesSync(file, when, when);
    expect(await loadSourcePdf(file), 'a mended export still answered with the old failure').not.toBeNull();
  });

  it(`keeps the ${PARSED_PDFS_KEPT} exports asked for most recently`, async () => {
    const files = Array.from({ length: PARSED_PDFS_KEPT + 1 }, (_, i) => join(dir, `partner-${i}.pdf`));
    const bytes = await exportPdf();
    for (const file of files) writeFileSync(file, bytes);
    const first = new Map<string, unknown>();
    for (const file of files.slice(0, PARSED_PDFS_KEPT)) first.set(file, await loadSourcePdf(file));
    // Asking for the oldest again makes it the newest; the next one past the limit drops the second.
    expect(await loadSourcePdf(files[0]!)).toBe(first.get(files[0]!));
    await loadSourcePdf(files[PARSED_PDFS_KEPT]!);
    expect(await loadSourcePdf(files[0]!), 'the export asked for last was dropped').toBe(first.get(files[0]!));
    for (const file of files.slice(2, PARSED_PDFS_KEPT)) expect(await loadSourcePdf(file), file).toBe(first.get(file));
    expect(await loadSourcePdf(files[1]!), 'more parsed exports kept than the limit').not.toBe(first.get(files[1]!));
  });
});
