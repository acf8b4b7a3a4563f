import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString, type PDFContext } from 'pdf-lib';

/** What the finished PDF says about itself, all of it fixed by the export's input. */
export interface PdfFacts {
  /** The document title (the deck's). */
  title: string;
  /** The document language (the pages' `<html lang>`). */
  lang: string;
  /** Each page's bookmark title, in page order: the slides' labels. */
  labels: readonly string[];
  /** Every heading's text in document order, to restore the spaces chromium's bookmarks lose at line breaks. */
  headings: readonly string[];
  /** sha256 (hex) of everything chromium printed from: the trailer's ID. */
  inputHash: string;
  /** CreationDate and ModDate; none when unset (SOURCE_DATE_EPOCH, as reproducible builds name it). */
  date?: Date | undefined;
}

/** How the finished PDF names its maker (chromium's own Producer is kept after it). */
export const PDF_CREATOR = 'npm run export (investor deck)';

type OutlineEntry = { dict: PDFDict; ref: PDFRef };

function entries(context: PDFContext, parent: PDFDict): OutlineEntry[] {
  const found: OutlineEntry[] = [];
  let ref = parent.get(PDFName.of('First'));
  while (ref instanceof PDFRef) {
    const dict = context.lookup(ref, PDFDict);
    found.push({ dict, ref });
    ref = dict.get(PDFName.of('Next'));
  }
  return found;
}

function destPage(context: PDFContext, entry: PDFDict): PDFRef | undefined {
  const dest = context.lookupMaybe(entry.get(PDFName.of('Dest')), PDFArray);
  const page = dest?.get(0);
  return page instanceof PDFRef ? page : undefined;
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

/**
 * Chromium makes the outline from the headings: one top entry per slide's h1, the sections below it.
 * The top entries take the slides' labels; every entry whose text is a heading's with the spaces
 * lost at line breaks ("ReverseHoldings Group") gets the heading's text back. When the top entries
 * are not exactly one per page, in page order, the outline is rebuilt flat: one entry per page.
 */
function labelOutline(doc: PDFDocument, labels: readonly string[], headings: readonly string[]): void {
  const { context, catalog } = doc;
  const pages = doc.getPages().map((page) => page.ref);
  const root = catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const top = root ? entries(context, root) : [];
  const matches = top.length === pages.length && top.every((entry, index) => destPage(context, entry.dict) === pages[index]);
  if (!root || !matches) {
    buildFlatOutline(doc, labels);
    return;
  }
  const byText = new Map(headings.map((heading) => [squeeze(heading), heading]));
  const retitle = (entry: OutlineEntry) => {
    const title = entry.dict.lookup(PDFName.of('Title'));
    const text = title instanceof PDFHexString || title instanceof PDFString ? title.decodeText() : '';
    const heading = byText.get(squeeze(text));
    if (heading && heading !== text) entry.dict.set(PDFName.of('Title'), PDFHexString.fromText(heading));
    entries(context, entry.dict).forEach(retitle);
  };
  top.forEach((entry, index) => {
    entries(context, entry.dict).forEach(retitle);
    entry.dict.set(PDFName.of('Title'), PDFHexString.fromText(labels[index]!));
  });
}

function buildFlatOutline(doc: PDFDocument, labels: readonly string[]): void {
  const { context } = doc;
  const pages = doc.getPages();
  const rootRef = context.nextRef();
  const refs = pages.map(() => context.nextRef());
  pages.forEach((page, index) => {
    const entry = context.obj({
      Title: PDFHexString.fromText(labels[index] ?? `Page ${index + 1}`),
      Parent: rootRef,
      Dest: [page.ref, 'XYZ', null, page.getHeight(), null],
    });
    if (index > 0) entry.set(PDFName.of('Prev'), refs[index - 1]!);
    if (index < pages.length - 1) entry.set(PDFName.of('Next'), refs[index + 1]!);
    context.assign(refs[index]!, entry);
  });
  context.assign(rootRef, context.obj({ Type: 'Outlines', First: refs[0]!, Last: refs.at(-1)!, Count: refs.length }));
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
}

/**
 * The printed PDF made reproducible and labelled: the outline's top entries named after the slides,
 * title, language and creator set, the dates taken from `facts.date` (or left out) and the trailer ID
 * from the input hash, so the same input gives the same bytes. Tags, links and fonts pass unchanged.
 */
export async function finishPdf(printed: Uint8Array, facts: PdfFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.load(printed, { updateMetadata: false });
  // One page per slide, or a slide outgrew its measured page and was cut: refuse rather than ship that.
  if (doc.getPageCount() !== facts.labels.length) {
    throw new Error(`chromium printed ${doc.getPageCount()} pages for ${facts.labels.length} slides: a slide did not fit its measured page`);
  }
  labelOutline(doc, facts.labels, facts.headings);
  const producer = doc.getProducer();
  doc.setTitle(facts.title, { showInWindowTitleBar: true });
  doc.setLanguage(facts.lang);
  doc.setCreator(PDF_CREATOR);
  doc.setProducer(producer && !producer.includes('pdf-lib') ? `${producer}; pdf-lib` : 'pdf-lib');
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  if (facts.date) {
    doc.setCreationDate(facts.date);
    doc.setModificationDate(facts.date);
  } else {
    info?.delete(PDFName.of('CreationDate'));
    info?.delete(PDFName.of('ModDate'));
  }
  const id = PDFHexString.of(facts.inputHash.slice(0, 32));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
  return doc.save({ updateFieldAppearances: false });
}
