import { join } from 'node:path';
import { assembleDeck } from './assembleDeck.ts';
import { formatIssue } from './contentIssue.ts';
import { contentSourcesAt, GitContentError, resolveCommit } from './gitContent.ts';
import { diffLedgers, formatFigureChanges } from './ledgerDiff.ts';
import { ledgerSnapshot } from './ledgerSnapshot.ts';
import { loadContent, PUBLIC_DIR, servedFiles } from './loadContent.ts';
import type { ReportOutput } from './reportContent.ts';

/**
 * `npm run check -- --since REF`: every figure whose value, source or as-of date changed since that
 * commit, old → new, with the pages that show it, as Markdown lines a pull request can carry.
 * Returns false when the listing could not be made (an unknown ref, content that does not assemble).
 */
export function reportFigureChanges(root: string, ref: string, out: ReportOutput = console): boolean {
  const now = loadContent(root).content;
  if (!now) {
    out.error(`Figure changes since ${ref}: the slides have errors (above), so there is nothing to compare.`);
    return false;
  }
  let commit: string;
  let old: ReturnType<typeof contentSourcesAt>;
  try {
    commit = resolveCommit(root, ref);
    old = contentSourcesAt(root, commit, servedFiles(join(root, PUBLIC_DIR)));
  } catch (error) {
    if (!(error instanceof GitContentError)) throw error;
    out.error(`Figure changes since ${ref}: ${error.message}.`);
    return false;
  }
  const where = `${ref} (${commit.slice(0, 7)})`;
  const after = ledgerSnapshot(now);
  if (!old.hasLedger) {
    out.log(`Figure changes since ${where}: the figures ledger is new, ${Object.keys(after.figures).length} figures.`);
    return true;
  }
  const before = assembleDeck(old.sources).content;
  if (!before) {
    const first = assembleDeck(old.sources).issues.find((issue) => issue.severity === 'error');
    out.error(`Figure changes since ${where}: the slides had errors then${first ? ` (${formatIssue(first)})` : ''}, so there is nothing to compare.`);
    return false;
  }
  const changes = diffLedgers(ledgerSnapshot(before), after);
  if (changes.length === 0) {
    out.log(`Figure changes since ${where}: none.`);
    return true;
  }
  const label = (path: string) => after.pages[path]?.label ?? ledgerSnapshot(before).pages[path]?.label ?? path;
  out.log(`Figure changes since ${where}: ${changes.length}`);
  for (const line of formatFigureChanges(changes, label)) out.log(line);
  return true;
}

/** The ref of `--since REF` or `--since=REF`; undefined without the option; an error when it has no ref. */
export function sinceRef(argv: readonly string[]): string | undefined {
  const index = argv.findIndex((arg) => arg === '--since' || arg.startsWith('--since='));
  if (index < 0) return undefined;
  const arg = argv[index]!;
  const ref = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
  if (!ref || ref.startsWith('--')) throw new Error('--since needs a git ref: npm run check -- --since main');
  return ref;
}
