import type { Context } from 'hono';
import { ACCESS_ENTITY } from '../../../schemas/accessWire.ts';
import type { AuditAction } from '../../../schemas/auditPaths.ts';
import { ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import { QUESTION_ENTITY } from '../../../schemas/questionPaths.ts';
import { type AuditContext, auditRead, auditRequest } from './auditLog.ts';
import { type EntityRecord, SYSTEM_FIELDS } from './entitiesStore.ts';
import type { Caller } from '../identity/access.ts';

// The writes of the generic entity routes that the audit log keeps: domain rules, deck
// settings and consultation requests and decisions. Other entities' records are the deck's data,
// not decisions about who may see it.

type Write = 'create' | 'update' | 'delete';

interface EntityAuditRule {
  actions: Partial<Record<Write, AuditAction>>;
  /** What an entry names as its target. */
  target: (record: EntityRecord) => string;
  /** What an entry keeps of the record (after the write; the changed fields for an update). */
  detail: (record: EntityRecord, changed: Record<string, unknown>, write: Write) => Record<string, unknown>;
}

const SYSTEM = new Set<string>(SYSTEM_FIELDS);
/** A record's own fields, without those the store keeps on every record. */
const ownFields = (record: EntityRecord) => Object.fromEntries(Object.entries(record).filter(([key]) => !SYSTEM.has(key)));

// Reads the log keeps: whole tables of what partners did, which only admins may list.
const AUDITED_READS: Readonly<Record<string, AuditAction>> = {
  [ENGAGEMENT_ENTITY.view]: 'engagement_read',
};

/** Records that the caller read `entity`'s records, where the log keeps such reads (at most once a minute each). */
export async function auditEntityRead(ctx: AuditContext, c: Context, who: { appId: string; caller: Caller }, entity: string): Promise<void> {
  const action = Object.hasOwn(AUDITED_READS, entity) ? AUDITED_READS[entity]! : undefined;
  if (action) await auditRead(ctx, c, { appId: who.appId, action, actor: who.caller, target: entity });
}

const AUDITED: Readonly<Record<string, EntityAuditRule>> = {
  [ACCESS_ENTITY.domain]: {
    actions: { create: 'domain_added', update: 'domain_changed', delete: 'domain_removed' },
    target: (record) => `${ACCESS_ENTITY.domain} ${record.domain}`,
    detail: (record) => ({ domain: record.domain, role: record.role }),
  },
  [ENGAGEMENT_ENTITY.options]: {
    actions: { create: 'deck_settings_changed', update: 'deck_settings_changed' },
    target: () => ENGAGEMENT_ENTITY.options,
    // The first change creates the record: its settings are what changed.
    detail: (record, changed, write) => (write === 'create' ? ownFields(record) : changed),
  },
  [ACCESS_ENTITY.consultation]: {
    actions: { create: 'consultation_requested', update: 'consultation_decided', delete: 'consultation_deleted' },
    target: (record) => `${ACCESS_ENTITY.consultation} ${record.id}`,
    detail: (record, changed) => ('status' in changed ? { status: changed.status, asked_by: record.email } : { asked_by: record.email }),
  },
  // The words stay in the record: the log says who asked about which page, and who answered.
  [QUESTION_ENTITY]: {
    actions: { create: 'question_asked', update: 'question_answered', delete: 'question_deleted' },
    target: (record) => `${QUESTION_ENTITY} ${record.id}`,
    detail: (record, changed) => ({
      path: record.path,
      ...(record.figure_id ? { figure: record.figure_id } : {}),
      asked_by: record.created_by,
      ...('status' in changed ? { status: changed.status } : {}),
      ...('answer' in changed ? { answered: true } : {}),
    }),
  },
};

/** Records the audited writes among `records` (of one call); `changed` is an update's body ({} for the others). */
export async function auditEntityWrite(
  ctx: AuditContext,
  c: Context,
  who: { appId: string; caller: Caller },
  entity: string,
  write: Write,
  records: readonly EntityRecord[],
  changed: Record<string, unknown> = {},
): Promise<void> {
  const rule = Object.hasOwn(AUDITED, entity) ? AUDITED[entity]! : undefined;
  const action = rule?.actions[write];
  if (!rule || !action) return;
  for (const record of records) {
    await auditRequest(ctx, c, {
      appId: who.appId,
      action,
      actor: who.caller,
      target: rule.target(record),
      detail: rule.detail(record, changed, write),
    });
  }
}
