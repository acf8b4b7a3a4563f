import { formatIssue, type ContentIssue } from './contentIssue.ts';

// Process-wide, not module-wide: Vite and vitest may evaluate the config (and this module) more than once.
const PRINTED = Symbol.for('investor-deck.printedContentIssues');
const printed: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[PRINTED] ??= new Set<string>());

/**
 * The warnings and notes not yet printed by this process, marked as printed now: each prints once
 * per run, however often the content is loaded (every save in dev, every test project at start).
 */
export function notYetPrinted(issues: readonly ContentIssue[]): ContentIssue[] {
  return issues.filter((issue) => {
    if (issue.severity === 'error') return false;
    const text = formatIssue(issue);
    if (printed.has(text)) return false;
    printed.add(text);
    return true;
  });
}
