import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Each page's text as poppler's pdftotext reads it (pages end with a form feed); throws with poppler's words if it cannot. */
export function pdfPages(bytes: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'read.pdf');
    writeFileSync(file, bytes);
    const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext could not read the PDF: ${run.stderr}`);
    return run.stdout.split('\f').slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A small PDF standing in for a print of the deck: each line of `pages` is a page of its own, saying it. */
export async function pdfOfPages(pages: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) pdf.addPage([960, 540]).drawText(text, { x: 40, y: 480, size: 20, font });
  return pdf.save();
}
