import { Hono } from 'hono';
import { AUDIT_ACTIONS, type AuditAction } from '../../../../schemas/auditActions.ts';
import { AUDIT_QUERY } from '../../../../schemas/auditPaths.ts';
import { adminOnly, type AppEnv } from '../../identity/admission.ts';
import { auditCsv, type AuditQuery, auditRead, auditRequest, readAuditLog } from '../../records/auditLog.ts';
import { badRequest, HttpError } from '../../core/errors.ts';
import type { PlatformContext } from '../platformContext.ts';

const MAX_ENTRIES = 5000;

// A date (the start of that day, UTC) or a full ISO time; `endOfDay` moves a bare date to its end.
function timeParam(name: string, value: string | undefined, endOfDay = false): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(bareDate ? `${value}T00:00:00.000Z` : value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at.getTime())) throw badRequest(name, 'must be a date such as 2026-11-26 or an ISO time');
  return bareDate && endOfDay ? new Date(at.getTime() + 24 * 60 * 60 * 1000) : at;
}

/** The reader's query, or a 400 naming the bad parameter. */
export function auditQueryOf(query: Record<string, string>): AuditQuery & { csv: boolean } {
  const known = new Set<string>(Object.values(AUDIT_QUERY));
  for (const name of Object.keys(query)) if (!known.has(name)) throw badRequest(name, `is not a parameter of the audit log (${[...known].join(', ')})`);
  const action = query[AUDIT_QUERY.action] || undefined;
  if (action !== undefined && !Object.hasOwn(AUDIT_ACTIONS, action))
    throw badRequest(AUDIT_QUERY.action, `must be one of ${Object.keys(AUDIT_ACTIONS).join(', ')}`);
  const person = query[AUDIT_QUERY.person]?.trim() || undefined;
  if (person !== undefined && person.length > 320) throw badRequest(AUDIT_QUERY.person, 'must be at most 320 characters');
  const rawLimit = query[AUDIT_QUERY.limit];
  const limit = rawLimit === undefined || rawLimit === '' ? 1000 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ENTRIES) throw badRequest(AUDIT_QUERY.limit, `must be an integer from 1 to ${MAX_ENTRIES}`);
  const format = query[AUDIT_QUERY.format];
  if (format !== undefined && format !== 'csv' && format !== 'json') throw badRequest(AUDIT_QUERY.format, 'must be csv or json');
  return {
    person,
    action: action as AuditAction | undefined,
    since: timeParam(AUDIT_QUERY.since, query[AUDIT_QUERY.since]),
    until: timeParam(AUDIT_QUERY.until, query[AUDIT_QUERY.until], true),
    limit,
    csv: format === 'csv',
  };
}

// The filters a reader used, as an entry keeps them (none: an empty detail).
function filtersOf(query: AuditQuery): Record<string, string> {
  return {
    ...(query.person ? { person: query.person } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.since ? { since: query.since.toISOString() } : {}),
    ...(query.until ? { until: query.until.toISOString() } : {}),
  };
}

/** GET AUDIT_CALL (admins; mounted there): the log, newest first, as JSON or CSV; nothing may change it. */
export function auditLogRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const log = new Hono<AppEnv>();
  log.get('/', adminOnly('read the audit log'), async (c) => {
    const { csv, ...query } = auditQueryOf(c.req.query());
    const appId = c.get('app').id;
    const entries = await readAuditLog(ctx.db, appId, query);
    c.header('Cache-Control', 'no-store');
    // The log says who read it, and what they took away: the filters and how many entries.
    const detail = filtersOf(query);
    if (!csv) {
      await auditRead(ctx, c, { appId, action: 'audit_log_read', actor: c.get('caller'), detail });
      return c.json(entries);
    }
    await auditRequest(ctx, c, { appId, action: 'audit_log_exported', actor: c.get('caller'), detail: { ...detail, entries: entries.length } });
    const day = new Date().toISOString().slice(0, 10);
    return c.body(auditCsv(entries), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-log-${day}.csv"`,
    });
  });

  log.on(['POST', 'PUT', 'PATCH', 'DELETE'], ['/', '/*'], adminOnly('read the audit log'), () => {
    throw new HttpError(405, { detail: 'The audit log is append-only: no call changes or deletes an entry', code: 'method_not_allowed' });
  });
  return log;
}
