import { type ContentIssue, formatIssue, hasErrors } from './contentIssue.ts';
import type { DeckContent } from './deckContent.ts';
import { loadContent } from './loadContent.ts';
import { sampleList, sampleNotice } from './samples.ts';

/** Where a report's lines go (the console in the commands, arrays in tests). */
export interface ReportOutput {
  error: (line: string) => void;
  warn: (line: string) => void;
  log: (line: string) => void;
}

/**
 * Checks the content under `root` and prints it like a compiler: every issue, then one verdict line.
 * With `release`, sample values still listed in deck.yaml refuse too; with `listSamples`, every sample
 * value is listed (else one line counts them). Returns whether it passed. `npm run check` and `npm run
 * build` both start here, so they refuse the same content the same way.
 */
export function reportContent(root: string, release: boolean, out: ReportOutput = console, slidesDir?: string, listSamples = false): boolean {
  return reportDeck(loadContent(root, slidesDir), release, out, listSamples);
}

/** What reportContent prints, for a deck already assembled (from files, or from sources in memory). */
export function reportDeck(
  { content, issues }: { content?: DeckContent | undefined; issues: ContentIssue[] },
  release: boolean,
  out: ReportOutput = console,
  listSamples = false,
): boolean {
  for (const issue of issues) out.error(formatIssue(issue));
  if (hasErrors(issues)) {
    const errors = issues.filter((issue) => issue.severity === 'error').length;
    out.error(`\n${errors} error(s) in the slides; nothing was built.`);
    return false;
  }
  const samples = content && sampleNotice(content.settings, Object.values(content.figures));
  if (samples && release) {
    out.error(`Release refused. ${samples}`);
    return false;
  }
  if (samples) out.warn(samples);
  if (listSamples && content) for (const line of sampleList(content.settings, Object.values(content.figures))) out.log(line);
  const count = (severity: string) => issues.filter((issue) => issue.severity === severity).length;
  const agreement = content?.agreement ? `, agreement "${content.agreement.title}" (version ${content.agreement.version})` : '';
  out.log(
    `content ok: ${content?.slides.length ?? 0} pages, ${content?.brands.length ?? 0} brands, ${Object.keys(content?.figures ?? {}).length} figures${agreement}, ${count('warning')} warning(s), ${count('note')} note(s)`,
  );
  return true;
}

/** `--samples` on the command line: list every sample value, not only their count. */
export function wantsSampleList(argv: readonly string[]): boolean {
  return argv.includes('--samples');
}

/** `--release` on the command line or DECK_RELEASE=1 in the environment. */
export function wantsRelease(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes('--release') || env.DECK_RELEASE === '1';
}
