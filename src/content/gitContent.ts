import { execFileSync } from 'node:child_process';
import type { DeckSources } from './assembleDeck.ts';
import { FIGURES_LEDGER_NAME } from './figureLedger.ts';
import { SLIDES_DIR } from './loadContent.ts';

/** Why the content of a commit could not be read. */
export class GitContentError extends Error {}

const git = (root: string, args: string[]) =>
  execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });

/** The full hash of a commit, or a GitContentError that says what the ref is not. */
export function resolveCommit(root: string, ref: string): string {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new GitContentError(`${ref} is not a commit of this repository (a shallow clone has only its last commits)`);
  }
}

/**
 * The content files as they were at a commit (slides/ of the project at `root`), as sources for
 * assembleDeck; `hasLedger` is false for a commit from before the figures ledger.
 */
export function contentSourcesAt(root: string, ref: string, publicFiles: ReadonlySet<string>): { sources: DeckSources; hasLedger: boolean } {
  const commit = resolveCommit(root, ref);
  const names = git(root, ['ls-tree', '--name-only', commit, '--', `${SLIDES_DIR}/`])
    .split('\n')
    .filter(Boolean);
  const read = (file: string) => ({ file, text: git(root, ['show', `${commit}:./${file}`]) });
  const has = (name: string) => names.includes(`${SLIDES_DIR}/${name}`);
  if (!has('deck.yaml') || !has('brands.yaml')) throw new GitContentError(`${ref} has no ${SLIDES_DIR}/deck.yaml and ${SLIDES_DIR}/brands.yaml`);
  const hasLedger = has(FIGURES_LEDGER_NAME);
  return {
    hasLedger,
    sources: {
      settings: read(`${SLIDES_DIR}/deck.yaml`),
      brands: read(`${SLIDES_DIR}/brands.yaml`),
      figures: hasLedger ? read(`${SLIDES_DIR}/${FIGURES_LEDGER_NAME}`) : { file: `${SLIDES_DIR}/${FIGURES_LEDGER_NAME}`, text: 'figures: {}\n' },
      slides: names
        .filter((name) => name.endsWith('.mdx'))
        .sort()
        .map(read),
      publicFiles,
    },
  };
}
