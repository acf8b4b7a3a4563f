import { Hono } from 'hono';
import { readBytes } from '../body.ts';
import { parseCspReport, violationLine } from '../cspReport.ts';
import { HttpError } from '../../core/errors.ts';
import type { PlatformContext } from '../platformContext.ts';
import { ReportRate } from '../reportRate.ts';

/** Violation reports one client address may send per minute (a page in trouble sends a few). */
export const CSP_REPORTS_PER_ADDRESS = 20;
/** Violation reports all addresses together may send per minute, per process. */
export const CSP_REPORTS_OVERALL = 200;
/** Largest report body read; a browser's is about 1 KB. */
export const MAX_CSP_REPORT_BYTES = 64 * 1024;
const WINDOW_MS = 60_000;

/**
 * POST CSP_REPORT_PATH (mounted there): where every page's Content-Security-Policy sends its violations
 * (`report-uri`), each logged as one line. Public (the sign-in and gate pages report too), so it is
 * rate-limited before the body is read: beyond the limits a report gets 429 with Retry-After and is
 * dropped, and the log says once a minute that reports are being dropped. A body that is no report
 * is a 400 naming the field.
 */
export function cspReportRoutes(ctx: PlatformContext): Hono {
  const reports = new Hono();
  const rate = new ReportRate(CSP_REPORTS_PER_ADDRESS, CSP_REPORTS_OVERALL, WINDOW_MS);
  reports.post('/', async (c) => {
    const address = ctx.clientAddress(c);
    const grant = rate.take(address);
    if (grant.firstRefusal === 'address') {
      ctx.log(`[csp] more than ${CSP_REPORTS_PER_ADDRESS} reports a minute from ${address}: dropping its reports for ${grant.retryAfterSeconds} s`);
    } else if (grant.firstRefusal === 'overall') {
      ctx.log(`[csp] more than ${CSP_REPORTS_OVERALL} reports a minute from all addresses: dropping reports for ${grant.retryAfterSeconds} s`);
    }
    if (!grant.granted) {
      throw new HttpError(
        429,
        {
          detail: `Too many CSP violation reports (at most ${CSP_REPORTS_PER_ADDRESS} a minute from one address); try again in ${grant.retryAfterSeconds} s`,
          code: 'rate_limited',
          extra_data: { retry_after_seconds: grant.retryAfterSeconds },
        },
        { 'Retry-After': String(grant.retryAfterSeconds) },
      );
    }
    ctx.log(violationLine(parseCspReport(await readBytes(c, MAX_CSP_REPORT_BYTES))));
    return c.body(null, 204);
  });
  return reports;
}
