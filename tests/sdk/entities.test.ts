// @vitest-environment node
// Protocol table rows for `entities.E.*`: method, path, query encoding and bodies as the server records them.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClient, type ClientConfig } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand' | 'Whatever' | 'AnyName', Record<string, unknown>>;

let server: RecordingServer;
const base = '/api/apps/app-1/entities';
const make = (extra: Partial<ClientConfig> = {}) =>
  createClient<Deck>({ serverUrl: server.url, appId: 'app-1', token: 'user-token', storage: null, location: null, history: null, ...extra });

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
});

describe('entities.E.list', () => {
  test('GET /entities/E with sort, limit, skip and comma-joined fields; resolves the body array', async () => {
    server.reply(`GET ${base}/Brand`, { body: [{ id: 'b1' }, { id: 'b2' }] });
    const rows = await make().entities.Brand.list('-created_date', 20, 40, ['name', 'domain']);
    expect(rows).toEqual([{ id: 'b1' }, { id: 'b2' }]);
    const [req] = server.to(`GET ${base}/Brand`);
    expect(req?.query).toEqual({ sort: '-created_date', limit: '20', skip: '40', fields: 'name,domain' });
    expect(req?.rawBody).toBe('');
  });

  test('falsy arguments are omitted from the query (skip 0, empty sort, no fields)', async () => {
    await make().entities.Brand.list('', 0, 0, undefined);
    expect(server.requests[0]?.query).toEqual({});
  });

  test('fields given as one string go as they are', async () => {
    await make().entities.Brand.list(undefined, undefined, undefined, 'name,role');
    expect(server.requests[0]?.query).toEqual({ fields: 'name,role' });
  });
});

describe('entities.E.filter', () => {
  test('GET /entities/E?q={JSON}&sort&limit&skip&fields', async () => {
    server.reply(`GET ${base}/Brand`, { body: [{ id: 'b3' }] });
    const rows = await make().entities.Brand.filter({ status: 'live', tier: { $in: [1, 2] } }, 'name', 5, 10, ['name']);
    expect(rows).toEqual([{ id: 'b3' }]);
    const query = server.requests[0]?.query ?? {};
    expect(JSON.parse(query.q ?? 'null')).toEqual({ status: 'live', tier: { $in: [1, 2] } });
    expect(query).toMatchObject({ sort: 'name', limit: '5', skip: '10', fields: 'name' });
  });

  test('q is sent even for an empty query', async () => {
    await make().entities.Brand.filter({});
    expect(server.requests[0]?.query).toEqual({ q: '{}' });
  });
});

describe('single records', () => {
  test('get: GET /entities/E/{id}', async () => {
    server.reply(`GET ${base}/Brand/b1`, { body: { id: 'b1', name: 'REMO AI' } });
    await expect(make().entities.Brand.get('b1')).resolves.toEqual({ id: 'b1', name: 'REMO AI' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${base}/Brand/b1`]);
  });

  test('create: POST /entities/E with a JSON body', async () => {
    server.reply(`POST ${base}/Brand`, { status: 201, body: { id: 'new', name: 'HECM.AI' } });
    await expect(make().entities.Brand.create({ name: 'HECM.AI' })).resolves.toEqual({ id: 'new', name: 'HECM.AI' });
    const [req] = server.to(`POST ${base}/Brand`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({ name: 'HECM.AI' });
  });

  test('update: PUT /entities/E/{id} with a JSON body', async () => {
    server.reply(`PUT ${base}/Brand/b1`, { body: { id: 'b1', status: 'live' } });
    await expect(make().entities.Brand.update('b1', { status: 'live' })).resolves.toEqual({ id: 'b1', status: 'live' });
    const [req] = server.to(`PUT ${base}/Brand/b1`);
    expect(req?.body).toEqual({ status: 'live' });
    expect(req?.headers['content-type']).toBe('application/json');
  });

  test('delete: DELETE /entities/E/{id} without a body', async () => {
    server.reply(`DELETE ${base}/Brand/b1`, { body: { deleted: 1 } });
    await expect(make().entities.Brand.delete('b1')).resolves.toEqual({ deleted: 1 });
    const [req] = server.to(`DELETE ${base}/Brand/b1`);
    expect(req?.rawBody).toBe('');
    expect(req?.headers['content-type']).toBeUndefined();
  });
});

describe('many records', () => {
  test('deleteMany: DELETE /entities/E with the query as JSON body', async () => {
    server.reply(`DELETE ${base}/Brand`, { body: { deleted: 3 } });
    await expect(make().entities.Brand.deleteMany({ status: 'stealth' })).resolves.toEqual({ deleted: 3 });
    const [req] = server.to(`DELETE ${base}/Brand`);
    expect(req?.body).toEqual({ status: 'stealth' });
    expect(req?.headers['content-type']).toBe('application/json');
  });

  test('bulkCreate: POST /entities/E/bulk with the list', async () => {
    server.reply(`POST ${base}/Brand/bulk`, { body: [{ id: 'x' }, { id: 'y' }] });
    const list = [{ name: 'A' }, { name: 'B' }];
    await expect(make().entities.Brand.bulkCreate(list)).resolves.toEqual([{ id: 'x' }, { id: 'y' }]);
    expect(server.to(`POST ${base}/Brand/bulk`)[0]?.body).toEqual(list);
  });

  test('bulkCreate with keepalive: the request is made to outlive the page (fetch keepalive), same path and body', async () => {
    server.reply(`POST ${base}/Brand/bulk`, { body: [] });
    const seen: Array<boolean | undefined> = [];
    const client = make({
      fetch: (input, init) => {
        seen.push(init?.keepalive);
        return fetch(input, init);
      },
    });
    await client.entities.Brand.bulkCreate([{ name: 'A' }], { keepalive: true });
    await client.entities.Brand.bulkCreate([{ name: 'B' }]);
    expect(seen).toEqual([true, undefined]);
    expect(server.to(`POST ${base}/Brand/bulk`).map((req) => req.body)).toEqual([[{ name: 'A' }], [{ name: 'B' }]]);
  });

  test('importEntities: POST /entities/E/import, multipart with one part "file" and its filename', async () => {
    server.reply(`POST ${base}/Brand/import`, { body: { imported: 2 } });
    const file = new File(['name\nA\nB\n'], 'brands.csv', { type: 'text/csv' });
    await expect(make().entities.Brand.importEntities(file)).resolves.toEqual({ imported: 2 });
    const [req] = server.to(`POST ${base}/Brand/import`);
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.parts).toEqual([{ name: 'file', filename: 'brands.csv', type: 'text/csv', value: 'name\nA\nB\n' }]);
  });
});

describe('the entities proxy', () => {
  test('any property name is an entity type, and the handler is reused', () => {
    const client = make();
    expect(client.entities.Whatever).toBe(client.entities.Whatever);
    expect(typeof client.entities.AnyName?.list).toBe('function');
  });

  test('awaiting or serialising the module does not create a "then" entity', async () => {
    const client = make();
    const awaited: unknown = await (client.entities as unknown as Promise<unknown>);
    expect(awaited).toBe(client.entities);
    expect((client.entities as Record<string, unknown>).then).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });
});
