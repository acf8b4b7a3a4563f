import type { Context } from 'hono';
import { type AuditAction, type AuditEntry, auditRoom } from '../../../schemas/auditPaths.ts';
import type { Broadcaster } from '../core/context.ts';
import type { Caller } from '../identity/access.ts';
import type { Db, Queryable } from '../db/db.ts';

// The audit log: who had access, who did what, when. Rows are only ever added, in the
// database every process shares; the database itself refuses to change one (migration 8), and
// removes them only through `pruneAuditLog` at start, past the retention.

/** Days an entry is kept unless AUDIT_RETENTION_DAYS says otherwise. */
export const AUDIT_RETENTION_DAYS = 400;

/** What one entry records; `at` is the database's now. */
export interface AuditRecord {
  appId: string;
  action: AuditAction;
  /** An email, `service`, or null (nobody signed in). A Caller is turned into one. */
  actor: Caller | string | null;
  target?: string | null;
  detail?: Record<string, unknown>;
  address?: string | null;
  userAgent?: string | null;
}

/** The actor words of a caller: their email, `service`, or null. */
export function actorOf(caller: Caller | string | null): string | null {
  if (caller === null || typeof caller === 'string') return caller;
  if (caller.kind === 'user') return caller.user.email;
  return caller.kind === 'service' ? 'service' : null;
}

/** What an entry of a request reads: the database, and where the request came from (identity/clientAddress.ts). */
export interface AuditContext {
  db: Queryable;
  clientAddress: (c: Context) => string;
  /** Tells the app's admins with the console open of each new entry (auditRoom). */
  broadcaster?: Pick<Broadcaster, 'publish'>;
}

/** The address and browser a request came from, as entries keep them. */
export function requestOrigin(ctx: Pick<AuditContext, 'clientAddress'>, c: Context): { address: string; userAgent: string | null } {
  return { address: ctx.clientAddress(c), userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null };
}

/** Appends one entry; returns it as readers get it. */
export async function audit(db: Queryable, record: AuditRecord): Promise<AuditEntry> {
  const result = await db.query<AuditRow>(
    `INSERT INTO audit_log (app_id, actor, action, target, address, user_agent, detail) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     RETURNING id::text AS id, at, actor, action, target, address, user_agent, detail`,
    [
      record.appId,
      actorOf(record.actor),
      record.action,
      record.target ?? null,
      record.address ?? null,
      record.userAgent ?? null,
      JSON.stringify(record.detail ?? {}),
    ],
  );
  return entryOf(result.rows[0]!);
}

/** Shows `entry` to the admins of `appId` with the console open; call it once the entry is committed. */
export function announceEntry(ctx: Pick<AuditContext, 'broadcaster'>, appId: string, entry: AuditEntry): void {
  ctx.broadcaster?.publish(auditRoom(appId), { entry });
}

/** Appends one entry about a request (its address and browser are the request's) and announces it. */
export async function auditRequest(ctx: AuditContext, c: Context, record: Omit<AuditRecord, 'address' | 'userAgent'>): Promise<void> {
  announceEntry(ctx, record.appId, await audit(ctx.db, { ...record, ...requestOrigin(ctx, c) }));
}

// Reads repeat (a console open, a filter, a page of records): one entry per person, thing and minute
// on this process says who read what and when without a line per click.
const READ_WINDOW_MS = 60_000;
const lastRead = new WeakMap<AuditContext, Map<string, number>>();

/**
 * Records that the caller read something confidential (`action`, about `target`), at most once a
 * minute per person, action, target and detail on this process.
 */
export async function auditRead(ctx: AuditContext, c: Context, record: Omit<AuditRecord, 'address' | 'userAgent'>): Promise<void> {
  const key = JSON.stringify([record.appId, actorOf(record.actor), record.action, record.target ?? null, record.detail ?? {}]);
  let seen = lastRead.get(ctx);
  if (!seen) lastRead.set(ctx, (seen = new Map()));
  const now = Date.now();
  if ((seen.get(key) ?? -Infinity) > now - READ_WINDOW_MS) return;
  if (seen.size > 10_000) seen.clear();
  seen.set(key, now);
  await auditRequest(ctx, c, record);
}

/** What a reader asks the log for. */
export interface AuditQuery {
  person?: string;
  action?: AuditAction;
  since?: Date;
  until?: Date;
  limit: number;
}

interface AuditRow {
  id: string;
  at: Date;
  actor: string | null;
  action: AuditAction;
  target: string | null;
  address: string | null;
  user_agent: string | null;
  detail: Record<string, unknown>;
}

const entryOf = (row: AuditRow): AuditEntry => ({ ...row, at: new Date(row.at).toISOString() });

/** Entries of one app, newest first. */
export async function readAuditLog(db: Queryable, appId: string, query: AuditQuery): Promise<AuditEntry[]> {
  const where = ['app_id = $1'];
  const params: unknown[] = [appId];
  const add = (value: unknown) => `$${params.push(value)}`;
  if (query.person) {
    const person = add(query.person.toLowerCase());
    where.push(`(lower(actor) = ${person} OR lower(target) = ${person})`);
  }
  if (query.action) where.push(`action = ${add(query.action)}`);
  if (query.since) where.push(`at >= ${add(query.since)}`);
  if (query.until) where.push(`at < ${add(query.until)}`);
  const rows = await db.query<AuditRow>(
    `SELECT id::text AS id, at, actor, action, target, address, user_agent, detail FROM audit_log
     WHERE ${where.join(' AND ')} ORDER BY at DESC, id DESC LIMIT ${add(query.limit)}`,
    params,
  );
  return rows.rows.map(entryOf);
}

/** Deletes the entries older than `days`, the one removal the database allows; returns how many. */
export async function pruneAuditLog(db: Db, days: number = AUDIT_RETENTION_DAYS): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('deck.audit_prune', 'on', true)`);
    const result = await tx.query(`DELETE FROM audit_log WHERE at < now() - make_interval(days => $1)`, [days]);
    return result.affectedRows ?? 0;
  });
}

const CSV_COLUMNS = ['at', 'actor', 'action', 'target', 'address', 'user_agent', 'detail'] as const;

// A cell a spreadsheet cannot read as a formula (=, +, -, @ first), quoted.
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The entries as a CSV file, one header line then one line each. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return [CSV_COLUMNS.join(','), ...entries.map((entry) => CSV_COLUMNS.map((column) => csvCell(entry[column])).join(','))].join('\r\n') + '\r\n';
}
