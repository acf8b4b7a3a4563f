import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Caller } from '../../identity/access.ts';
import { noticeAdminsOfCreate } from '../../records/adminNotices.ts';
import { auditEntityRead, auditEntityWrite } from '../../records/entityAudit.ts';
import { readForm, readJson } from '../body.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { callerId, type EntityRule, readsAll, requireAllowed, requireOnRecord, ruleFor } from '../../records/entityAccess.ts';
import { MAX_IMPORT_BYTES, parseImportFile } from '../../records/entityImport.ts';
import { checkStored, createFields, hasStoredCheck, recordIdOf, refuseForgedAuthor, updateFields } from '../../records/entitySchemas.ts';
import { noteInsertedRecords } from '../../db/plannerStats.ts';
import {
  type Author,
  checkEntityName,
  checkRecordId,
  deleteMatching,
  deleteRecord,
  entityDocuments,
  type EntityRecord,
  getRecord,
  storeRecords,
  type StoredRecords,
  updateRecord,
  userFields,
} from '../../records/entitiesStore.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { PlatformContext } from '../platformContext.ts';
import { MAX_LIMIT, parseListParams, project, queryDocumentsJson } from '../../records/listQuery.ts';
import { paramExcept } from './pathParam.ts';

function author(caller: Caller): Author {
  return caller.kind === 'user' ? { email: caller.user.email, id: caller.user.id } : { email: null, id: null };
}

/** The room of an entity's changes, named as the platform's published client subscribes to it. */
export function entityRoom(appId: string, entity: string): string {
  return `entities:${appId}:${entity}`;
}

/** Tells the entity's room about changed records: `{ type, id, data, timestamp }` each. */
export function announce(ctx: PlatformContext, appId: string, entity: string, type: 'create' | 'update' | 'delete', records: EntityRecord[]): void {
  const room = entityRoom(appId, entity);
  for (const record of records) {
    ctx.broadcaster.publish(room, { type, id: record.id, data: record, timestamp: new Date().toISOString() });
  }
}

// The owner filter of a list: none when the caller reads every record, its own records under an
// "owner" rule (an id no record carries for a caller who owns none), else 403: an entity only
// admins read (the allowed domains) is refused outright, not shown as empty.
function listOwner(rule: EntityRule, caller: Caller, entity: string): string | undefined {
  if (readsAll(rule, caller)) return undefined;
  if (rule.read !== 'owner') requireAllowed(rule.read, caller, entity, 'list');
  return callerId(caller) ?? '';
}

/** Variables of the entity routes: `entity` (a checked name), and `id` (a checked record id) where the path has one. */
export interface EntityEnv {
  Variables: AppEnv['Variables'] & { entity: string; id: string };
}

// Every path below /entities/{entity} names an entity: checked once here, a 400 `entity: …` otherwise.
const entityName = createMiddleware<EntityEnv>(async (c, next) => {
  c.set('entity', checkEntityName(c.req.param('entity') ?? ''));
  await next();
});

// On the routes of one record: a 400 `id: …` before any query.
const recordId = createMiddleware<EntityEnv>(async (c, next) => {
  c.set('id', checkRecordId(c.req.param('id') ?? ''));
  await next();
});

/**
 * The generic entity store below /entities: list/filter, get, create, update, delete, deleteMany,
 * bulk, import, each checked against the entity's rule in entityAccess.ts. It takes every entity
 * name but `ownRoutes`, the entities mounted beside it with routes of their own.
 */
export function entityApi(ctx: PlatformContext, ownRoutes: readonly string[] = []): Hono<EntityEnv> {
  const api = new Hono<EntityEnv>();
  const entityParam = paramExcept('entity', ownRoutes);
  api.use(`/${entityParam}/*`, entityName);
  // Every create path ends here: the room hears of the records, and admins of those that need them.
  const created = async (c: Context<EntityEnv>, entity: string, records: EntityRecord[]) => {
    announce(ctx, c.get('app').id, entity, 'create', records);
    noteInsertedRecords(ctx, c, records.length);
    noticeAdminsOfCreate(ctx, c, c.get('app').id, entity, records);
    await auditEntityWrite(ctx, c, { appId: c.get('app').id, caller: c.get('caller') }, entity, 'create', records);
    await ctx.entityHooks.written(entity, { c, appId: c.get('app').id, caller: c.get('caller'), write: 'create', records, changed: {} });
  };
  // The rows a create stores: checked, then as the entity's hooks leave them (before the write is counted).
  const prepared = (c: Context<EntityEnv>, entity: string, rows: Record<string, unknown>[]) => ctx.entityHooks.prepareCreate(entity, c.get('app').id, rows);

  api.get(`/${entityParam}`, async (c) => {
    const entity = c.get('entity');
    const list = parseListParams(c.req.query());
    const rule = ruleFor(entity);
    const source = entityDocuments(c.get('app').id, entity, listOwner(rule, c.get('caller'), entity));
    const json = await queryDocumentsJson(ctx.db, source, list);
    await auditEntityRead(ctx, c, { appId: c.get('app').id, caller: c.get('caller') }, entity);
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  });

  api.get(`/${entityParam}/:id`, recordId, async (c) => {
    const entity = c.get('entity');
    const id = c.get('id');
    const fields = parseListParams(c.req.query()).fields;
    const record = await readableRecord(ctx, c.get('app').id, entity, id, c.get('caller'), 'read');
    await auditEntityRead(ctx, c, { appId: c.get('app').id, caller: c.get('caller') }, entity);
    return c.json(project(record, fields));
  });

  // Every write of a viewer counts against the entity's rate, after the input is checked (a refused
  // body costs nothing) and before anything is written.
  const countWrites = (c: Context<EntityEnv>, entity: string, count: number) =>
    ctx.writeRates.reserve(c.get('app').id, entity, ruleFor(entity), c.get('caller'), ctx.clientAddress(c), count);

  api.post(`/${entityParam}`, async (c) => {
    const entity = c.get('entity');
    requireAllowed(ruleFor(entity).create, c.get('caller'), entity, 'create');
    const body = await readJson(c);
    refuseForgedAuthor(entity, body, c.get('caller'));
    const fields = prepared(c, entity, [createFields(entity, userFields(body), c.get('caller'))]);
    await countWrites(c, entity, 1);
    const stored = await insertAll(ctx, c.get('app').id, entity, fields, author(c.get('caller')));
    await created(c, entity, stored.created);
    return c.json(stored.records[0]);
  });

  api.post(`/${entityParam}/bulk`, async (c) => {
    const entity = c.get('entity');
    // Many records in one call are an admin's, unless the entity's rule says otherwise (SlideView).
    requireAllowed(ruleFor(entity).bulk ?? 'admin', c.get('caller'), entity, 'bulk create');
    requireAllowed(ruleFor(entity).create, c.get('caller'), entity, 'create');
    const body = await readJson(c);
    if (!Array.isArray(body)) throw badRequest('body', 'must be a JSON array of records');
    if (body.length > MAX_LIMIT) throw badRequest('body', `holds more than ${MAX_LIMIT} records`);
    body.forEach((item, i) => refuseForgedAuthor(entity, item, c.get('caller'), `body[${i}]`));
    const rows = prepared(
      c,
      entity,
      body.map((item, i) => createFields(entity, userFields(item, `body[${i}]`), c.get('caller'), `body[${i}]`)),
    );
    await countWrites(c, entity, rows.length);
    const stored = await insertAll(ctx, c.get('app').id, entity, rows, author(c.get('caller')));
    await created(c, entity, stored.created);
    return c.json(stored.records);
  });

  api.post(`/${entityParam}/import`, async (c) => {
    const entity = c.get('entity');
    // A file of rows is a bulk change: an admin's, unless the entity's rule says otherwise.
    requireAllowed(ruleFor(entity).bulk ?? 'admin', c.get('caller'), entity, 'import');
    requireAllowed(ruleFor(entity).create, c.get('caller'), entity, 'create');
    const form = await readForm(c, MAX_IMPORT_BYTES);
    const file = form.get('file');
    if (!(file instanceof File)) throw badRequest('file', 'is missing: send one multipart part named file');
    const rows = parseImportFile(file.name, file.type, await file.text());
    if (rows.length > MAX_LIMIT) throw badRequest('file', `holds more than ${MAX_LIMIT} rows`);
    rows.forEach((row, i) => refuseForgedAuthor(entity, row, c.get('caller'), `file row ${i + 1}`));
    const fields = prepared(
      c,
      entity,
      rows.map((row, i) => createFields(entity, userFields(row, `file row ${i + 1}`), c.get('caller'), `file row ${i + 1}`)),
    );
    await countWrites(c, entity, fields.length);
    const { records, created: fresh } = await insertAll(ctx, c.get('app').id, entity, fields, author(c.get('caller')));
    await created(c, entity, fresh);
    return c.json({ status: 'success', imported: records.length, records });
  });

  api.put(`/${entityParam}/:id`, recordId, async (c) => {
    const entity = c.get('entity');
    const id = c.get('id');
    const current = await readableRecord(ctx, c.get('app').id, entity, id, c.get('caller'), 'update');
    const fields = ctx.entityHooks.prepareUpdate(
      entity,
      c.get('app').id,
      updateFields(entity, userFields(await readJson(c)), current),
      current,
      c.get('caller'),
    );
    await countWrites(c, entity, 1);
    // The owner (created_by_id) is a system field no update can change, so the check above holds.
    const record = await ctx.db.transaction(async (tx) => {
      await checkStored(tx, c.get('app').id, entity, fields, id);
      return updateRecord(tx, c.get('app').id, entity, id, fields);
    });
    if (!record) throw notFound(`${entity} ${id} not found`);
    announce(ctx, c.get('app').id, entity, 'update', [record]);
    await auditEntityWrite(ctx, c, { appId: c.get('app').id, caller: c.get('caller') }, entity, 'update', [record], fields);
    await ctx.entityHooks.written(entity, { c, appId: c.get('app').id, caller: c.get('caller'), write: 'update', records: [record], changed: fields });
    return c.json(record);
  });

  api.delete(`/${entityParam}/:id`, recordId, async (c) => {
    const entity = c.get('entity');
    const id = c.get('id');
    await readableRecord(ctx, c.get('app').id, entity, id, c.get('caller'), 'delete');
    await countWrites(c, entity, 1);
    const record = await deleteRecord(ctx.db, c.get('app').id, entity, id);
    if (!record) throw notFound(`${entity} ${id} not found`);
    announce(ctx, c.get('app').id, entity, 'delete', [record]);
    await auditEntityWrite(ctx, c, { appId: c.get('app').id, caller: c.get('caller') }, entity, 'delete', [record]);
    await ctx.entityHooks.written(entity, { c, appId: c.get('app').id, caller: c.get('caller'), write: 'delete', records: [record], changed: {} });
    return c.json({ success: true, id: record.id });
  });

  api.delete(`/${entityParam}`, async (c) => {
    const entity = c.get('entity');
    // `{}` deletes every record of the entity: admins only, and only where the rule lets anyone delete.
    requireAllowed('admin', c.get('caller'), entity, 'bulk delete');
    requireAllowed(ruleFor(entity).delete, c.get('caller'), entity, 'delete');
    const query = await readJson(c);
    if (query === undefined) throw badRequest('body', 'must be a query object ({} deletes every record)');
    const records = await deleteMatching(ctx.db, c.get('app').id, entity, query);
    announce(ctx, c.get('app').id, entity, 'delete', records);
    await auditEntityWrite(ctx, c, { appId: c.get('app').id, caller: c.get('caller') }, entity, 'delete', records);
    await ctx.entityHooks.written(entity, { c, appId: c.get('app').id, caller: c.get('caller'), write: 'delete', records, changed: {} });
    return c.json({ success: true, deleted: records.length });
  });
  return api;
}

// The record `id`, after checking `action` on it: 404 when absent or unreadable, 403 when readable only.
async function readableRecord(
  ctx: PlatformContext,
  appId: string,
  entity: string,
  id: string,
  caller: Caller,
  action: 'read' | 'update' | 'delete',
): Promise<EntityRecord> {
  const record = await getRecord(ctx.db, appId, entity, id);
  if (!record) throw notFound(`${entity} ${id} not found`);
  requireOnRecord(ruleFor(entity), action, caller, entity, record);
  return record;
}

// All or nothing: one transaction, so a failure half-way leaves none of the rows behind. Each row
// of an entity with a stored-records check is checked against the records stored before it (a
// duplicate domain, also within one bulk), so those go in one by one; the rest in one statement.
async function insertAll(ctx: PlatformContext, appId: string, entity: string, rows: Record<string, unknown>[], by: Author): Promise<StoredRecords> {
  // What features add to their entity's records (engagement: the version a view was read on).
  rows = ctx.entityHooks.prepareCreate(entity, appId, rows);
  const idOf = recordIdOf(entity, by);
  return ctx.db.transaction(async (tx) => {
    if (!hasStoredCheck(entity)) return storeRecords(tx, appId, entity, rows, by, idOf);
    const stored: StoredRecords = { records: [], created: [] };
    for (const row of rows) {
      await checkStored(tx, appId, entity, row);
      const one = await storeRecords(tx, appId, entity, [row], by, idOf);
      stored.records.push(...one.records);
      stored.created.push(...one.created);
    }
    return stored;
  });
}
