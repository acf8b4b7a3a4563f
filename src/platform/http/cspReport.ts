import { z } from 'zod';
import { badRequest } from '../core/errors.ts';

/** One Content-Security-Policy violation, as a browser reports it to `report-uri`. */
export interface CspViolation {
  /** The page the violation happened on. */
  document: string;
  /** The directive that blocked it (`script-src-elem`, `style-src-attr`, …). */
  directive: string;
  /** What was blocked: an address, or `inline`, `eval`, … */
  blocked: string;
  source?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  sample?: string | undefined;
  /** `enforce`, or `report` for a report-only policy. */
  disposition?: string | undefined;
}

const Line = z.number({ error: 'must be a number' }).int().nonnegative().optional();
const Text = z.string({ error: 'must be text' });

// `report-uri`'s format (`application/csp-report`): one violation per request. Browsers add fields
// over the years; those the log does not use are let through unread.
const CspReportBody = z.object(
  {
    'csp-report': z.object(
      {
        'document-uri': Text,
        'violated-directive': Text.optional(),
        'effective-directive': Text.optional(),
        'blocked-uri': Text.optional(),
        'source-file': Text.optional(),
        'line-number': Line,
        'column-number': Line,
        'script-sample': Text.optional(),
        disposition: Text.optional(),
      },
      { error: 'must be an object' },
    ),
  },
  { error: 'must be a CSP violation report: {"csp-report": {…}}' },
);

/**
 * The violation in a report body, or a 400 naming what is wrong (`body.csp-report.document-uri`).
 * The content type is not trusted either way: the body decides.
 */
export function parseCspReport(bytes: Uint8Array): CspViolation {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    throw badRequest('body', 'is not JSON: send a CSP violation report {"csp-report": {…}}');
  }
  const parsed = CspReportBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(['body', ...issue.path.map(String)].join('.'), issue.message);
  }
  const report = parsed.data['csp-report'];
  const directive = report['effective-directive'] ?? report['violated-directive'];
  if (!directive) throw badRequest('body.csp-report.effective-directive', 'is required (or violated-directive)');
  return {
    document: report['document-uri'],
    directive,
    blocked: report['blocked-uri'] ?? '',
    source: report['source-file'],
    line: report['line-number'],
    column: report['column-number'],
    sample: report['script-sample'],
    disposition: report.disposition,
  };
}

// Reports are written by anyone who can reach the server: one line each, no control characters,
// nothing long, and no query or fragment (a sign-in page's address carries invitation and reset
// tokens, which must stay out of logs).
function oneLine(text: string, max = 200): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function addressOnly(value: string): string {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return oneLine(value, 40); // `inline`, `eval`, `wasm-eval`: words, not addresses
  try {
    const url = new URL(value);
    return oneLine(/^(https?|wss?):$/.test(url.protocol) ? `${url.origin}${url.pathname}` : url.protocol);
  } catch {
    return oneLine(value.split(/[?#]/, 1)[0]!);
  }
}

/** The log line of one violation: `[csp] style-src-attr blocked inline on http://…/market at http://…/x.js:1:20`. */
export function violationLine(violation: CspViolation): string {
  const where = violation.source
    ? ` at ${addressOnly(violation.source)}${violation.line !== undefined ? `:${violation.line}:${violation.column ?? 0}` : ''}`
    : '';
  const sample = violation.sample ? ` sample ${JSON.stringify(oneLine(violation.sample, 80))}` : '';
  const mode = violation.disposition === 'report' ? ' (report only)' : '';
  return `[csp] ${oneLine(violation.directive, 40)} blocked ${addressOnly(violation.blocked) || 'something'} on ${addressOnly(violation.document)}${where}${sample}${mode}`;
}
