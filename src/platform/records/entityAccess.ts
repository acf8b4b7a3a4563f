import { ACCESS_ENTITY } from '../../../schemas/accessWire.ts';
import { ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import { QUESTION_ENTITY } from '../../../schemas/questionPaths.ts';
import { VERSION_ENTITY } from '../../../schemas/versionEntity.ts';
import { type Caller, isAdmin } from '../identity/access.ts';
import { forbidden, notFound } from '../core/errors.ts';

// Who may do what with the records of each entity, in one table (docs/security.md, "Who may do what with records").
//   viewer  any caller the visibility gate let in (admins included)
//   owner   the user whose id is the record's created_by_id, or an admin
//   admin   an admin user or the service role
//   nobody  no caller at all: only the platform itself writes such records
// An entity missing from the table gets DEFAULT_RULE: anyone admitted may create, and a record
// is then read, changed and deleted by its creator or an admin only.
// Each rule also says who may create many records in one call (bulk, import: admins unless the
// rule says otherwise) and, for every entity a viewer may write, how many records a viewer may
// write (create, change or delete) in a window: admins and the service role are not counted.
// A write beyond it is a 429 saying when to try again (writeRates.ts).

/** Who may perform one action on an entity's records. */
export type Who = 'viewer' | 'owner' | 'admin' | 'nobody';

/** How many records one viewer may write in a window; `what` names them in the 429. */
export interface EntityRate {
  max: number;
  windowMs: number;
  what: string;
}

/** The access rule of one entity; a record's owner is its creator, so `create` has no `owner`. */
export interface EntityRule {
  create: Exclude<Who, 'owner'>;
  read: Who;
  update: Who;
  delete: Who;
  /** Who may create several records in one call (bulk create, import); absent: admins only. */
  bulk?: Exclude<Who, 'owner'>;
  /** Writes per viewer (not admins); null only where no viewer writes at all. */
  rate: EntityRate | null;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The rule of every entity not named in ENTITY_ACCESS: create by any viewer, the rest owner or admin. */
export const DEFAULT_RULE: EntityRule = {
  create: 'viewer',
  read: 'owner',
  update: 'owner',
  delete: 'owner',
  rate: { max: 100, windowMs: HOUR, what: 'records' },
};

/** The declared rules, by entity name; the routes of User and Outbox (users.ts, outbox.ts) apply theirs. */
export const ENTITY_ACCESS: Readonly<Record<string, EntityRule>> = {
  // Accounts join through invite-user or register; a user is the "owner" of their own record.
  // A person changes their own profile (PUT …/User/me) now and then.
  User: { create: 'nobody', read: 'owner', update: 'owner', delete: 'admin', rate: { max: 30, windowMs: HOUR, what: 'profile changes' } },
  // The mail the local platform would have sent: written by the platform, read by admins.
  Outbox: { create: 'nobody', read: 'admin', update: 'nobody', delete: 'nobody', rate: null },
  // A name the generic store must never hold: the audit log is its own table (routes/auditLog.ts).
  AuditLog: { create: 'nobody', read: 'nobody', update: 'nobody', delete: 'nobody', rate: null },
  // Allowed domains decide who may join: only admins see or change them.
  [ACCESS_ENTITY.domain]: { create: 'admin', read: 'admin', update: 'admin', delete: 'admin', rate: null },
  // Made only through ACCESS_CALL.requestAccess and settled only through decideRequest (routes/accessRequests.ts).
  [ACCESS_ENTITY.accessRequest]: {
    create: 'nobody',
    read: 'owner',
    update: 'nobody',
    delete: 'admin',
    rate: { max: 5, windowMs: DAY, what: 'access requests' },
  },
  // Any admitted viewer asks; the asker reads their own, admins read and settle all. Each request
  // mails every admin, so a viewer makes a handful a day, one at a time.
  [ACCESS_ENTITY.consultation]: {
    create: 'viewer',
    read: 'owner',
    update: 'admin',
    delete: 'admin',
    rate: { max: 5, windowMs: DAY, what: 'consultation requests' },
  },
  // A viewer's time per slide: they create their own (entitySchemas.ts refuses a forged author)
  // and read none, not even their own; only admins read or delete them, and no one edits time.
  // The recorder sends them in one bulk request every 30 s (a few records each), hence `bulk`.
  [ENGAGEMENT_ENTITY.view]: {
    create: 'viewer',
    read: 'admin',
    update: 'nobody',
    delete: 'admin',
    bulk: 'viewer',
    rate: { max: 2000, windowMs: HOUR, what: 'slide view records' },
  },
  // A partner's questions: they ask (their own, entitySchemas.ts refuses a forged author) and read only
  // their own; admins read all and answer. Each one tells the owners, so a partner asks a few an hour.
  [QUESTION_ENTITY]: { create: 'viewer', read: 'owner', update: 'admin', delete: 'admin', rate: { max: 20, windowMs: HOUR, what: 'questions' } },
  // The deck's switches: every admitted viewer's page reads them, only admins set them.
  [ENGAGEMENT_ENTITY.options]: { create: 'admin', read: 'viewer', update: 'admin', delete: 'admin', rate: null },
  // What each build served (routes/versions.ts): only the platform records one, admins read them and
  // set a version's note; no one deletes one (view records name them). Viewers write none.
  [VERSION_ENTITY]: { create: 'nobody', read: 'admin', update: 'admin', delete: 'nobody', rate: null },
};

/** The rule of `entity`: its declared one, else DEFAULT_RULE. */
export function ruleFor(entity: string, table: Readonly<Record<string, EntityRule>> = ENTITY_ACCESS): EntityRule {
  return Object.hasOwn(table, entity) ? table[entity]! : DEFAULT_RULE;
}

/** The user id a caller owns records under, or null (the service role and anonymous callers own none). */
export function callerId(caller: Caller): string | null {
  return caller.kind === 'user' ? caller.user.id : null;
}

/** Whether `caller` passes `who` for a record owned by `ownerId` (undefined: no particular record). */
export function allows(who: Who, caller: Caller, ownerId?: unknown): boolean {
  if (who === 'nobody' || caller.kind === 'invalid') return false;
  if (who === 'viewer' || isAdmin(caller)) return true;
  if (who === 'admin') return false;
  const id = callerId(caller);
  return id !== null && typeof ownerId === 'string' && ownerId === id;
}

/** Whether the caller may read every record of an entity, not only its own (lists unfiltered, socket rooms). */
export function readsAll(rule: EntityRule, caller: Caller): boolean {
  return rule.read !== 'nobody' && (rule.read === 'viewer' || isAdmin(caller));
}

/** 403 unless `caller` passes `who` for an action that concerns no one record (create, bulk, import). */
export function requireAllowed(who: Who, caller: Caller, entity: string, action: string): void {
  if (!allows(who, caller)) throw forbidden(`You may not ${action} ${entity} records`);
}

/**
 * Checks an action on one existing record: 404 when the caller may not even read it (so ids of
 * others' records do not leak), 403 when it may read but not perform `action`.
 */
export function requireOnRecord(
  rule: EntityRule,
  action: 'read' | 'update' | 'delete',
  caller: Caller,
  entity: string,
  record: { id: string; created_by_id?: unknown },
): void {
  if (!allows(rule.read, caller, record.created_by_id)) throw notFound(`${entity} ${record.id} not found`);
  if (!allows(rule[action], caller, record.created_by_id)) throw forbidden(`You may not ${action} this ${entity} record`);
}
