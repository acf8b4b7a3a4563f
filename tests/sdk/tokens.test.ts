// @vitest-environment node
// Token pickup at creation (address, then storage), both storage keys, ?clear_access_token, setToken on the client.
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { createClient, TOKEN_STORAGE_KEYS } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand' | 'Whatever' | 'AnyName', Record<string, unknown>>;

let server: RecordingServer;
let win: Window | undefined;
const open = (url: string) => {
  win = new Window({ url });
  return win;
};
const make = (w: Window, token?: string) =>
  createClient<Deck>({
    serverUrl: server.url,
    appId: 'app-1',
    ...(token ? { token } : {}),
    storage: w.localStorage,
    location: w.location,
    history: w.history,
  });
const bearer = async (client: ReturnType<typeof make>) => {
  await client.entities.Brand.list();
  return server.requests.at(-1)?.headers.authorization;
};

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(async () => {
  await win?.happyDOM.close();
  win = undefined;
});

test('the two storage keys are base44_access_token and token', () => {
  expect(TOKEN_STORAGE_KEYS).toEqual(['base44_access_token', 'token']);
});

test('?access_token= is used, saved under both keys and removed from the address (other parameters stay)', async () => {
  const w = open('http://deck.test/market?access_token=from-url&app_id=app-1#team');
  const client = make(w);
  expect(w.location.href).toBe('http://deck.test/market?app_id=app-1#team');
  expect(w.localStorage.getItem('base44_access_token')).toBe('from-url');
  expect(w.localStorage.getItem('token')).toBe('from-url');
  expect(await bearer(client)).toBe('Bearer from-url');
});

test('without one in the address, the stored token is used', async () => {
  const w = open('http://deck.test/');
  w.localStorage.setItem('base44_access_token', 'stored');
  expect(await bearer(make(w))).toBe('Bearer stored');
  expect(w.location.href).toBe('http://deck.test/');
});

test('an explicit token wins and is stored under both keys', async () => {
  const w = open('http://deck.test/?access_token=from-url');
  const client = make(w, 'explicit');
  expect(await bearer(client)).toBe('Bearer explicit');
  expect(w.localStorage.getItem('base44_access_token')).toBe('explicit');
  expect(w.localStorage.getItem('token')).toBe('explicit');
});

test('?clear_access_token=true removes the stored token', async () => {
  const w = open('http://deck.test/?clear_access_token=true');
  w.localStorage.setItem('base44_access_token', 'old');
  w.localStorage.setItem('token', 'old');
  const client = make(w);
  expect(w.localStorage.getItem('base44_access_token')).toBeNull();
  expect(w.localStorage.getItem('token')).toBeNull();
  expect(await bearer(client)).toBeUndefined();
});

test('client.setToken sets the bearer and both keys', async () => {
  const w = open('http://deck.test/');
  const client = make(w);
  client.setToken('later');
  expect(client.getToken()).toBe('later');
  expect(w.localStorage.getItem('token')).toBe('later');
  expect(await bearer(client)).toBe('Bearer later');
});

test('a storage that throws (sandboxed frame) does not break the client', async () => {
  const w = open('http://deck.test/?access_token=t1');
  const throwing = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('SecurityError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
  };
  const client = createClient<Deck>({ serverUrl: server.url, appId: 'app-1', storage: throwing, location: w.location, history: w.history });
  expect(await bearer(client)).toBe('Bearer t1');
  client.auth.logout('http://deck.test/bye');
});
