// @vitest-environment node
// The wire basics every call shares: the header table, the one error class (message > detail > generic, status,
// code, data, toJSON; network, timeout, cancel; onError), and fetchPublicSettings outside the client.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Base44Error, createClient, fetchPublicSettings, type ClientConfig } from '../../src/sdk/index.ts';
import { closedPort, startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand', Record<string, unknown>>;

let server: RecordingServer;
const route = 'GET /api/apps/app-1/entities/Brand';
const settingsRoute = 'GET /api/apps/public/prod/public-settings/by-id/app-1';
const make = (extra: Partial<ClientConfig> = {}) =>
  createClient<Deck>({ serverUrl: server.url, appId: 'app-1', storage: null, location: null, history: null, ...extra });
const last = () => server.requests.at(-1)!.headers;
const failure = (promise: Promise<unknown>): Promise<Base44Error> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(Base44Error);
      return error as Base44Error;
    },
  );

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('headers', () => {
  test('X-App-Id and Accept: application/json on every call', async () => {
    await make().entities.Brand.list();
    expect(last()['x-app-id']).toBe('app-1');
    expect(last().accept).toBe('application/json');
  });

  test('X-App-Id wins over a configured extra header of the same name; other extra headers pass', async () => {
    await make({ headers: { 'x-app-id': 'spoofed', 'X-Deck-Build': '42' } }).entities.Brand.list();
    expect(last()['x-app-id']).toBe('app-1');
    expect(last()['x-deck-build']).toBe('42');
  });

  test('Authorization: Bearer {token} only when a token is set, never "Bearer undefined"', async () => {
    await make().entities.Brand.list();
    expect(last().authorization).toBeUndefined();
    await make({ token: 'tok' }).entities.Brand.list();
    expect(last().authorization).toBe('Bearer tok');
  });

  test('Content-Type: application/json only when there is a JSON body', async () => {
    const client = make();
    await client.entities.Brand.get('b1');
    expect(last()['content-type']).toBeUndefined();
    await client.entities.Brand.create({ name: 'x' });
    expect(last()['content-type']).toBe('application/json');
  });

  test('X-Origin-URL: the page address at request time, in a browser', async () => {
    const location = { href: 'http://deck.test/market' };
    const client = make({ location });
    await client.entities.Brand.list();
    expect(last()['x-origin-url']).toBe('http://deck.test/market');
    location.href = 'http://deck.test/contact';
    await client.entities.Brand.list();
    expect(last()['x-origin-url']).toBe('http://deck.test/contact');
  });

  test('no X-Origin-URL outside a browser', async () => {
    await make().entities.Brand.list();
    expect(last()['x-origin-url']).toBeUndefined();
  });

  test('serverUrl with a trailing slash still builds /api/apps/{appId}/… paths', async () => {
    await make({ serverUrl: `${server.url}/` }).entities.Brand.list();
    expect(server.requests.at(-1)?.path).toBe('/api/apps/app-1/entities/Brand');
  });
});

describe('HTTP failures', () => {
  test('message comes from the body message first', async () => {
    server.reply(route, { status: 422, body: { message: 'from message', detail: 'from detail' } });
    expect((await failure(make().entities.Brand.list())).message).toBe('from message');
  });

  test('then from detail', async () => {
    server.reply(route, { status: 404, body: { detail: 'Entity not found' } });
    const error = await failure(make().entities.Brand.list());
    expect(error.message).toBe('Entity not found');
    expect(error.status).toBe(404);
  });

  test('then a generic text naming the status', async () => {
    server.reply(route, { status: 502 });
    const error = await failure(make().entities.Brand.list());
    expect(error.message).toBe('Request failed with status code 502');
    expect(error.data).toBeNull();
  });

  test('the body code wins; data is the parsed body', async () => {
    const body = { detail: 'nope', code: 'APP_PRIVATE', extra_data: { reason: 'auth_required' } };
    server.reply(route, { status: 403, body });
    const error = await failure(make().entities.Brand.list());
    expect(error).toMatchObject({ name: 'Base44Error', status: 403, code: 'APP_PRIVATE', data: body });
  });

  test('4xx without a body code is ERR_BAD_REQUEST; 5xx is ERR_BAD_RESPONSE', async () => {
    server.reply(route, { status: 409, body: {} }, { status: 503, body: {} });
    expect((await failure(make().entities.Brand.list())).code).toBe('ERR_BAD_REQUEST');
    expect((await failure(make().entities.Brand.list())).code).toBe('ERR_BAD_RESPONSE');
  });

  test('toJSON gives name, message, status, code and data', async () => {
    server.reply(route, { status: 400, body: { message: 'bad', code: 'E1' } });
    const error = await failure(make().entities.Brand.list());
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'Base44Error',
      message: 'bad',
      status: 400,
      code: 'E1',
      data: { message: 'bad', code: 'E1' },
    });
  });
});

describe('no response', () => {
  test('a closed port is ERR_NETWORK without a status', async () => {
    const port = await closedPort();
    const error = await failure(make({ serverUrl: `http://127.0.0.1:${port}` }).entities.Brand.list());
    expect(error).toMatchObject({ code: 'ERR_NETWORK', status: undefined, message: 'Network Error' });
  });

  test('a hang-up mid-request is ERR_NETWORK', async () => {
    server.reply(route, { hangUp: true });
    expect((await failure(make().entities.Brand.list())).code).toBe('ERR_NETWORK');
  });

  test('the client timeout gives ERR_TIMEOUT', async () => {
    server.reply(route, { delayMs: 1500, body: [] });
    const started = Date.now();
    const error = await failure(make({ timeout: 50 }).entities.Brand.list());
    expect(error).toMatchObject({ code: 'ERR_TIMEOUT', status: undefined, message: 'timeout of 50ms exceeded' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('no timeout by default: a slow answer still arrives', async () => {
    server.reply(route, { delayMs: 120, body: ['late'] });
    await expect(make().entities.Brand.list()).resolves.toEqual(['late']);
  });

  test('aborting the client signal cancels in-flight calls with ERR_CANCELED', async () => {
    server.reply(route, { delayMs: 400, body: [] });
    const controller = new AbortController();
    const pending = make({ signal: controller.signal }).entities.Brand.list();
    setTimeout(() => controller.abort(), 20);
    expect(await failure(pending)).toMatchObject({ code: 'ERR_CANCELED', message: 'canceled', status: undefined });
  });

  test('an already aborted signal sends no request at all', async () => {
    const error = await failure(make({ signal: AbortSignal.abort() }).entities.Brand.list());
    expect(error.code).toBe('ERR_CANCELED');
    expect(server.requests).toHaveLength(0);
  });
});

describe('onError', () => {
  test('options.onError (where the published client reads it) hears every failure', async () => {
    server.reply(route, { status: 500, body: { detail: 'x' } });
    const heard: Base44Error[] = [];
    await failure(make({ options: { onError: (e) => heard.push(e) } }).entities.Brand.list());
    expect(heard.map((e) => e.status)).toEqual([500]);
  });

  test('createClient(config, { onError }) works too', async () => {
    server.reply(route, { status: 401, body: { detail: 'x' } });
    const heard: Base44Error[] = [];
    const client = createClient<Deck>({ serverUrl: server.url, appId: 'app-1', storage: null, location: null }, { onError: (e) => heard.push(e) });
    await failure(client.entities.Brand.list());
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBeInstanceOf(Base44Error);
  });
});

describe('fetchPublicSettings', () => {
  test('GET /api/apps/public/prod/public-settings/by-id/{appId} with X-App-Id and the bearer; the reply is kept whole', async () => {
    const body = { id: 'app-1', public_settings: 'public_with_login', name: 'Deck', extra: { a: 1 } };
    server.reply(settingsRoute, { body });
    await expect(fetchPublicSettings({ serverUrl: server.url, appId: 'app-1', token: 'tok' })).resolves.toEqual(body);
    const [req] = server.to(settingsRoute);
    expect(req?.headers['x-app-id']).toBe('app-1');
    expect(req?.headers.authorization).toBe('Bearer tok');
  });

  test('no Authorization header without a token', async () => {
    await fetchPublicSettings({ serverUrl: server.url, appId: 'app-1' });
    expect(server.to(settingsRoute)[0]?.headers.authorization).toBeUndefined();
  });

  test('failures reject with Base44Error, keeping the extra_data reason in data', async () => {
    const body = { detail: 'You must log in', extra_data: { reason: 'auth_required' } };
    server.reply(settingsRoute, { status: 403, body });
    const error = await fetchPublicSettings({ serverUrl: server.url, appId: 'app-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Base44Error);
    expect(error).toMatchObject({ status: 403, message: 'You must log in', code: 'ERR_BAD_REQUEST', data: body });
  });

  test('an injected fetch is used', async () => {
    const seen: string[] = [];
    await fetchPublicSettings({
      serverUrl: server.url,
      appId: 'app-1',
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    expect(seen).toEqual([`${server.url}/api/apps/public/prod/public-settings/by-id/app-1`]);
  });
});
