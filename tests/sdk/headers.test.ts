// @vitest-environment node
// The protocol file's header table: each header present when it should be and absent otherwise.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createClient, type ClientConfig } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand' | 'Whatever' | 'AnyName', Record<string, unknown>>;

let server: RecordingServer;
const make = (extra: Partial<ClientConfig> = {}) =>
  createClient<Deck>({ serverUrl: server.url, appId: 'app-1', storage: null, location: null, history: null, ...extra });
const last = () => server.requests.at(-1)!.headers;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

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
