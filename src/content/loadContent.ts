import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { AGREEMENT_NAME, parseAgreement } from './agreement.ts';
import { assembleDeck } from './assembleDeck.ts';
import type { ContentIssue } from './contentIssue.ts';
import type { DeckContent } from './deckContent.ts';
import { FIGURES_LEDGER_NAME } from './figureLedger.ts';

/** Where the content lives, relative to the project root. */
export const SLIDES_DIR = 'slides';
/** Where the images a slide may show live (served at the site's root). */
export const PUBLIC_DIR = 'public';

/** Reads every content file under `root/slides` and assembles the deck (the only file reading). */
export function loadContent(
  root: string,
  slidesDir = join(root, SLIDES_DIR),
): {
  content?: DeckContent;
  issues: ContentIssue[];
  files: string[];
} {
  const read = (name: string) => {
    const path = join(slidesDir, name);
    return { file: relative(root, path), text: readFileSync(path, 'utf8'), path };
  };
  const slideFiles = readdirSync(slidesDir)
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .map(read);
  const settings = read('deck.yaml');
  const brands = read('brands.yaml');
  const figures = read(FIGURES_LEDGER_NAME);
  const assembled = assembleDeck({ settings, brands, figures, slides: slideFiles, publicFiles: servedFiles(join(root, PUBLIC_DIR)) });
  const files = [settings, brands, figures, ...slideFiles].map((entry) => entry.path);
  // The confidentiality agreement is optional: without the file, partners go straight to the cover.
  if (!existsSync(join(slidesDir, AGREEMENT_NAME))) return { ...assembled, files };
  const agreementFile = read(AGREEMENT_NAME);
  const { agreement, issues } = parseAgreement(agreementFile.file, agreementFile.text);
  const content = assembled.content && agreement ? { ...assembled.content, agreement } : issues.length > 0 ? undefined : assembled.content;
  return { content, issues: [...assembled.issues, ...issues], files: [...files, agreementFile.path] };
}

/** Every file under `dir` as the site serves it (`/remo-mascot.svg`); none when there is no such folder. */
export function servedFiles(dir: string): Set<string> {
  if (!existsSync(dir)) return new Set();
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`));
}

export type { ContentIssue };
