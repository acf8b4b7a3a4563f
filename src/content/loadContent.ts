import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { assembleDeck } from './assembleDeck.ts';
import type { ContentIssue } from './contentIssue.ts';
import type { DeckContent } from './deckContent.ts';

/** Where the content lives, relative to the project root. */
export const SLIDES_DIR = 'slides';

/** Reads every content file under `root/slides` and assembles the deck (the only file reading). */
export function loadContent(root: string, slidesDir = join(root, SLIDES_DIR)): {
  content?: DeckContent;
  issues: ContentIssue[];
  files: string[];
} {
  const read = (name: string) => {
    const path = join(slidesDir, name);
    return { file: relative(root, path), text: readFileSync(path, 'utf8'), path };
  };
  const slideFiles = readdirSync(slidesDir).filter((name) => name.endsWith('.mdx')).sort().map(read);
  const settings = read('deck.yaml');
  const brands = read('brands.yaml');
  const { content, issues } = assembleDeck({ settings, brands, slides: slideFiles });
  return { content, issues, files: [settings, brands, ...slideFiles].map((entry) => entry.path) };
}

export type { ContentIssue };
