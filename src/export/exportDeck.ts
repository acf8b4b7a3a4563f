import { join } from 'node:path';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';
import { exportPages } from '../build/exportPages.ts';
import { type ExportResult, printDeck } from './printDeck.ts';

export { ExportError, type ExportResult, NoChromiumError, sourceDate } from './printDeck.ts';

/**
 * Prints the built deck (dist/) into dist/deck.pdf (printDeck.ts), its pages listed from the slides
 * under `root`: `npm run export` and the tests, where the sources are.
 */
export function exportDeck(root: string, distDir = join(root, 'dist'), options: { partner?: ViewerPartner; target?: string } = {}): Promise<ExportResult> {
  return printDeck(root, distDir, exportPages(root), options);
}
