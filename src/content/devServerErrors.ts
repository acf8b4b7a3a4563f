import { resolve } from 'node:path';
import type { ErrorPayload } from 'vite';
import { formatIssue, type ContentIssue } from './contentIssue.ts';

/** What the dev server says about content errors: the same lines in the terminal and in the overlay. */
export interface ContentErrorReport {
  /** `The slides have errors:` and one `file:line:column field: message` line per error. */
  message: string;
  /** Vite's error overlay payload, located at the first error (its file opens in the editor). */
  payload: ErrorPayload;
}

/** The report for these issues, or undefined when none of them is an error (warnings and notes print elsewhere). */
export function contentErrorReport(issues: readonly ContentIssue[], root: string): ContentErrorReport | undefined {
  const errors = issues.filter((issue) => issue.severity === 'error');
  const first = errors[0];
  if (!first) return undefined;
  const message = `The slides have errors:\n${errors.map(formatIssue).join('\n')}`;
  const file = resolve(root, first.file);
  // No stack: it would point into the content checker, and the editor's mistake is in the .mdx/.yaml line.
  const err = { message, stack: '', id: file, plugin: 'deck:slide-registry', loc: { file, line: first.line, column: first.column } };
  return { message, payload: { type: 'error', err } };
}

/**
 * Source served for a generated module while the content has errors: importing it throws the report,
 * so the page fails visibly (the overlay is on top) instead of rendering stale or missing slides.
 */
export function contentErrorModule(message: string): string {
  return `throw new Error(${JSON.stringify(message)});\n`;
}

/** The report as an error a plugin hook throws: Vite's overlay shows it located, with the line's code frame. */
export function contentError(report: ContentErrorReport): Error {
  const { message, id, loc } = report.payload.err;
  return Object.assign(new Error(message), { stack: '', id, loc });
}
