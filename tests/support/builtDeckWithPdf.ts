import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';

/**
 * A copy of the built deck (dist/) in a temporary folder with an exported PDF beside it, for browser
 * tests of "Download PDF", which shows only when the platform has an export to stamp.
 * The PDF is a small pdf-lib document standing in for `npm run export`'s; dist/ itself is left alone.
 */
export async function builtDeckWithPdf(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'deck-with-pdf-'));
  cpSync('dist', dir, { recursive: true });
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const label of ['Cover', 'Market']) pdf.addPage([960, 540]).drawText(label, { x: 40, y: 480, size: 24, font });
  writeFileSync(join(dir, DECK_PDF_FILE), await pdf.save());
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
