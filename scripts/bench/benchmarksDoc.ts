import type { RunResults } from './summary.ts';
import { summaryBlocks } from './summary.ts';

/** The guide whose section `npm run bench -- --write-docs` rewrites. */
export const BENCHMARKS_DOC = 'docs/benchmarks.md';

const BEGIN = '<!-- npm run bench --write-docs: begin -->';
const END = '<!-- npm run bench --write-docs: end -->';

/**
 * `doc` with the text between the bench's two markers replaced by this run's figures: the day, the
 * machine and its load, the parts left out, then the tables the bench printed. Everything outside the
 * markers stays as written. Throws when the markers are missing, rather than writing elsewhere.
 */
export function withRunFigures(doc: string, results: RunResults, skipped: readonly string[]): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${BENCHMARKS_DOC} has no ${BEGIN} … ${END} section to rewrite`);
  const { machine } = results;
  const load = [...machine.loadavgStart, ...(machine.loadavgEnd ?? [])];
  const heading = [
    `Run of ${results.startedAt.slice(0, 10)} on ${machine.cpus} CPUs, load average ${Math.min(...load)}-${Math.max(...load)}` +
      (skipped.length ? `; parts left out: ${[...skipped].sort().join(', ')}.` : '; every part.'),
    ...results.errors.map((error) => `A part failed: ${error.part}: ${error.message.split('\n')[0]}`),
  ].join('\n');
  const body = `${heading}\n\n\`\`\`\n${summaryBlocks(results).join('\n\n')}\n\`\`\`\n`;
  return `${doc.slice(0, start + BEGIN.length)}\n${body}${doc.slice(end)}`;
}
