import type { Hono } from 'hono';
import type { Caller } from '../access.ts';
import { readForm, readJson } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';
import { MAX_IMPORT_BYTES, parseImportFile } from '../entityImport.ts';
import {
  type Author,
  checkEntityName,
  createRecord,
  deleteMatching,
  deleteRecord,
  entityDocuments,
  type EntityRecord,
  getRecord,
  updateRecord,
  userFields,
} from '../entitiesStore.ts';
import type { AppEnv, PlatformContext } from '../httpTypes.ts';
import { MAX_LIMIT, parseListParams, project, queryDocuments } from '../listQuery.ts';

function author(caller: Caller): Author {
  return caller.kind === 'user' ? { email: caller.user.email, id: caller.user.id } : { email: null, id: null };
}

/** The room of an entity's changes (platform-protocol.md, Real-time socket). */
export function entityRoom(appId: string, entity: string): string {
  return `entities:${appId}:${entity}`;
}

/** The generic entity store: list/filter, get, create, update, delete, deleteMany, bulk, import. */
export function registerEntityRoutes(api: Hono<AppEnv>, ctx: PlatformContext): void {
  const announce = (appId: string, entity: string, type: 'create' | 'update' | 'delete', records: EntityRecord[]) => {
    const room = entityRoom(appId, entity);
    for (const record of records) {
      ctx.broadcaster.publish(room, { type, id: record.id, data: record, timestamp: new Date().toISOString() });
    }
  };

  api.get('/entities/:entity', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const list = parseListParams(c.req.query());
    return c.json(await queryDocuments(ctx.db, entityDocuments(c.get('app').id, entity), list));
  });

  api.get('/entities/:entity/:id', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const record = await getRecord(ctx.db, c.get('app').id, entity, c.req.param('id'));
    if (!record) throw notFound(`${entity} ${c.req.param('id')} not found`);
    return c.json(project(record, parseListParams(c.req.query()).fields));
  });

  api.post('/entities/:entity', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const fields = userFields(await readJson(c));
    const record = await createRecord(ctx.db, c.get('app').id, entity, fields, author(c.get('caller')));
    announce(c.get('app').id, entity, 'create', [record]);
    return c.json(record);
  });

  api.post('/entities/:entity/bulk', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const body = await readJson(c);
    if (!Array.isArray(body)) throw badRequest('body', 'must be a JSON array of records');
    if (body.length > MAX_LIMIT) throw badRequest('body', `holds more than ${MAX_LIMIT} records`);
    const rows = body.map((item, i) => userFields(item, `body[${i}]`));
    const records = await insertAll(ctx, c.get('app').id, entity, rows, author(c.get('caller')));
    announce(c.get('app').id, entity, 'create', records);
    return c.json(records);
  });

  api.post('/entities/:entity/import', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const form = await readForm(c, MAX_IMPORT_BYTES);
    const file = form.get('file');
    if (!(file instanceof File)) throw badRequest('file', 'is missing: send one multipart part named file');
    const rows = parseImportFile(file.name, file.type, await file.text());
    if (rows.length > MAX_LIMIT) throw badRequest('file', `holds more than ${MAX_LIMIT} rows`);
    const fields = rows.map((row, i) => userFields(row, `file row ${i + 1}`));
    const records = await insertAll(ctx, c.get('app').id, entity, fields, author(c.get('caller')));
    announce(c.get('app').id, entity, 'create', records);
    return c.json({ status: 'success', imported: records.length, records });
  });

  api.put('/entities/:entity/:id', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const fields = userFields(await readJson(c));
    const record = await updateRecord(ctx.db, c.get('app').id, entity, c.req.param('id'), fields);
    if (!record) throw notFound(`${entity} ${c.req.param('id')} not found`);
    announce(c.get('app').id, entity, 'update', [record]);
    return c.json(record);
  });

  api.delete('/entities/:entity/:id', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const record = await deleteRecord(ctx.db, c.get('app').id, entity, c.req.param('id'));
    if (!record) throw notFound(`${entity} ${c.req.param('id')} not found`);
    announce(c.get('app').id, entity, 'delete', [record]);
    return c.json({ success: true, id: record.id });
  });

  api.delete('/entities/:entity', async (c) => {
    const entity = checkEntityName(c.req.param('entity'));
    const query = await readJson(c);
    if (query === undefined) throw badRequest('body', 'must be a query object ({} deletes every record)');
    const records = await deleteMatching(ctx.db, c.get('app').id, entity, query);
    announce(c.get('app').id, entity, 'delete', records);
    return c.json({ success: true, deleted: records.length });
  });
}

// All or nothing: one transaction, so a failure half-way leaves none of the rows behind.
async function insertAll(
  ctx: PlatformContext,
  appId: string,
  entity: string,
  rows: Record<string, unknown>[],
  by: Author,
): Promise<EntityRecord[]> {
  return ctx.db.transaction(async (tx) => {
    const records: EntityRecord[] = [];
    for (const row of rows) records.push(await createRecord(tx, appId, entity, row, by));
    return records;
  });
}
