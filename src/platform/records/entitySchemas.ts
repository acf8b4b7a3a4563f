import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ACCESS_ENTITY, ConsultationBody, ConsultationStatus, DomainRule } from '../../../schemas/accessWire.ts';
import { ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import { QUESTION_ENTITY, type QuestionStatus } from '../../../schemas/questionPaths.ts';
import { QuestionBody, QuestionChange } from '../../../schemas/questionWire.ts';
import type { Caller } from '../identity/access.ts';
import type { Queryable } from '../db/db.ts';
import type { Author } from './entitiesStore.ts';
import { refuseSecondOptions } from './deckOptions.ts';
import { refuseDuplicateDomain } from '../identity/domainRules.ts';
import { DeckOptionsBody, DeckOptionsChange, SlideViewBody } from './engagementSchemas.ts';
import { badRequest, forbidden, type HttpError } from '../core/errors.ts';

// The shape of the records of the entities the platform itself relies on. The generic entity
// routes check every create, update, bulk and import against it, so a bad field is a 400 naming
// it and nothing is written. An entity without an entry stores any JSON object, as before.

type Fields = Record<string, unknown>;

/** How the generic entity routes check the records of one entity. */
export interface EntitySchema {
  /** A new record's fields as a client sends them; strict, so an unknown key is a 400 naming it. */
  create: z.ZodType<Fields>;
  /** The fields a change may carry; strict, each optional. */
  update: z.ZodType<Fields>;
  /** Fields the platform adds to a new record (status, who asked); a client cannot send them. */
  stamp?: (caller: Caller) => Fields;
  /** 400 when the records already stored forbid this write (a duplicate); runs in the write's transaction. */
  check?: (db: Queryable, appId: string, fields: Fields, id?: string) => Promise<void>;
  /**
   * Records are about their author (a viewer's own time): a body naming another author in
   * created_by or created_by_id is a forgery, refused with 403 rather than silently re-stamped.
   */
  ownAuthor?: boolean;
  /**
   * The id a new record's own fields give it, when they do: a record sent again (its first answer
   * lost) gets the same id, and is stored once. Undefined: a random id.
   */
  recordId?: (fields: Fields, author: Author) => string | undefined;
}

/** The checked entities, by name. */
export const ENTITY_SCHEMAS: Readonly<Record<string, EntitySchema>> = {
  [ACCESS_ENTITY.domain]: {
    create: DomainRule,
    // Without the default role: a change that leaves the role out keeps it.
    update: DomainRule.extend({ role: DomainRule.shape.role.unwrap() }).partial(),
    check: async (db, appId, fields, id) => {
      if (typeof fields.domain === 'string') await refuseDuplicateDomain(db, appId, fields.domain, id);
    },
  },
  [ACCESS_ENTITY.consultation]: {
    create: ConsultationBody,
    update: ConsultationBody.extend({ status: ConsultationStatus }).partial(),
    stamp: (caller) => ({
      status: 'new' satisfies ConsultationStatus,
      email: caller.kind === 'user' ? caller.user.email : null,
      full_name: caller.kind === 'user' ? caller.user.full_name : null,
    }),
  },
  [ENGAGEMENT_ENTITY.view]: {
    create: SlideViewBody,
    // No one updates a view (entityAccess.ts); the shape is here for completeness.
    update: SlideViewBody.partial(),
    ownAuthor: true,
    // The page's key, per author: one viewer's key can never name another viewer's record.
    recordId: (fields, author) => (typeof fields.view_key === 'string' && author.id ? keyedId(author.id, fields.view_key) : undefined),
  },
  [QUESTION_ENTITY]: {
    create: QuestionBody,
    update: QuestionChange,
    ownAuthor: true,
    // The page, version and figure are checked and stamped by the questions' own hooks (src/platform/questions).
    stamp: (caller) => ({
      status: 'open' satisfies QuestionStatus,
      full_name: caller.kind === 'user' ? (caller.user.full_name ?? null) : null,
      answer: null,
      answered_at: null,
      answered_by: null,
    }),
  },
  [ENGAGEMENT_ENTITY.options]: {
    create: DeckOptionsBody,
    update: DeckOptionsChange,
    check: (db, appId, _fields, id) => refuseSecondOptions(db, appId, id),
  },
};

/** The schema of `entity`, or undefined for an entity that stores any JSON object. */
export function schemaFor(entity: string): EntitySchema | undefined {
  return Object.hasOwn(ENTITY_SCHEMAS, entity) ? ENTITY_SCHEMAS[entity] : undefined;
}

// The first issue as a 400 naming its field, below `where` (`body[2]`, `file row 3`) when given:
// an unknown key by its own name, a missing one as required.
function fieldError(entity: string, error: z.ZodError, input: Fields, where: string): HttpError {
  const issue = error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const name = path.map(String).join('.') || 'body';
  const missing = path.length === 1 && !Object.hasOwn(input, String(path[0]));
  const message = issue.code === 'unrecognized_keys' ? `is not a field of ${entity}` : missing ? 'is required' : issue.message;
  return badRequest(where ? `${where}.${name}` : name, message);
}

function parse(entity: string, schema: z.ZodType<Fields>, fields: Fields, where: string): Fields {
  const result = schema.safeParse(fields);
  if (!result.success) throw fieldError(entity, result.error, fields, where);
  return result.data;
}

/**
 * 403 when a record of an `ownAuthor` entity has no signed-in author (the service role, an
 * anonymous visitor) or its body names someone other than the caller (created_by_id other than
 * their id, created_by other than their email); `where` as in createFields.
 */
export function refuseForgedAuthor(entity: string, body: unknown, caller: Caller, where = ''): void {
  if (!schemaFor(entity)?.ownAuthor) return;
  // A record about its author needs one: not the service role, not an anonymous visitor of a public deck.
  if (caller.kind !== 'user') throw forbidden(`A ${entity} record is made by the signed-in person it is about`);
  if (typeof body !== 'object' || body === null) return;
  const own = { created_by_id: caller.user.id, created_by: caller.user.email };
  for (const key of ['created_by_id', 'created_by'] as const) {
    if (!Object.hasOwn(body, key)) continue;
    const value = (body as Record<string, unknown>)[key];
    const same = key === 'created_by' && typeof value === 'string' ? value.trim().toLowerCase() === own.created_by.toLowerCase() : value === own[key];
    if (!same) throw forbidden(`${where ? `${where}.` : ''}${key}: a ${entity} record is always its author's own; this one names someone else`);
  }
}

/** The fields of a new `entity` record: checked and stamped when the entity has a schema; 400 naming the first bad field. */
export function createFields(entity: string, fields: Fields, caller: Caller, where = ''): Fields {
  const schema = schemaFor(entity);
  if (!schema) return fields;
  return { ...parse(entity, schema.create, fields, where), ...schema.stamp?.(caller) };
}

/**
 * The fields of a change to `current`: keys sent back with their current value are dropped (clients
 * often send the whole record back), the rest checked when the entity has a schema.
 */
export function updateFields(entity: string, fields: Fields, current: Fields): Fields {
  const schema = schemaFor(entity);
  if (!schema) return fields;
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => !Object.hasOwn(current, key) || JSON.stringify(current[key]) !== JSON.stringify(value)),
  );
  return parse(entity, schema.update, changed, '');
}

/** How `entity`'s new records get their ids from the fields `author` sends (see EntitySchema.recordId). */
export function recordIdOf(entity: string, author: Author): (fields: Fields) => string | undefined {
  const recordId = schemaFor(entity)?.recordId;
  return (fields) => recordId?.(fields, author);
}

// A record id (UUID-shaped, as the platform's own) that only this author and key lead to.
function keyedId(authorId: string, key: string): string {
  const hex = createHash('sha256').update(`${authorId}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Whether `entity` has a stored-records check, so each new record must be checked against those before it. */
export function hasStoredCheck(entity: string): boolean {
  return schemaFor(entity)?.check !== undefined;
}

/** Runs the entity's stored-records check (a duplicate domain) on `fields`, inside the write's transaction. */
export async function checkStored(db: Queryable, appId: string, entity: string, fields: Fields, id?: string): Promise<void> {
  await schemaFor(entity)?.check?.(db, appId, fields, id);
}
