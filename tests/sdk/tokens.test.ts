// @vitest-environment node
// Token pickup at creation (address, then storage), both storage keys, ?clear_access_token, setToken on the client;
// readAppParams: the address, else the caller's build-time default, else local storage.
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClient, readAppParams, TOKEN_STORAGE_KEYS } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand' | 'Whatever' | 'AnyName', Record<string, unknown>>;

let server: RecordingServer;
let win: Window | undefined;
const open = (url: string) => {
  win = new Window({ url });
  return win;
};
/** The injectable globals of a fresh page at `url`. */
const page = (url: string) => {
  const w = open(url);
  return { storage: w.localStorage, location: w.location, history: w.history };
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

describe('readAppParams', () => {
  test('every parameter is read from the address, saved, and only access_token is removed', () => {
    const g = page('http://deck.test/deck?app_id=a1&server_url=http%3A%2F%2Fapi.test&access_token=t1&from_url=http%3A%2F%2Fdeck.test%2Fx&functions_version=v2');
    expect(readAppParams(g)).toEqual({
      appId: 'a1',
      serverUrl: 'http://api.test',
      token: 't1',
      fromUrl: 'http://deck.test/x',
      functionsVersion: 'v2',
    });
    const left = new URL(win!.location.href).searchParams;
    expect(left.get('access_token')).toBeNull();
    expect([...left.keys()]).toEqual(['app_id', 'server_url', 'from_url', 'functions_version']);
    expect(g.storage.getItem('base44_app_id')).toBe('a1');
    expect(g.storage.getItem('base44_server_url')).toBe('http://api.test');
    expect(g.storage.getItem('base44_access_token')).toBe('t1');
    expect(g.storage.getItem('token')).toBe('t1');
    expect(g.storage.getItem('base44_functions_version')).toBe('v2');
  });

  test('a build-time default comes after the address', () => {
    const g = page('http://deck.test/?app_id=from-address');
    const params = readAppParams({ ...g, defaults: { appId: 'from-build', serverUrl: 'http://build.test' } });
    expect(params.appId).toBe('from-address');
    expect(params.serverUrl).toBe('http://build.test');
  });

  test('local storage comes last', () => {
    const g = page('http://deck.test/');
    g.storage.setItem('base44_app_id', 'stored-app');
    g.storage.setItem('base44_server_url', 'http://stored.test');
    g.storage.setItem('base44_access_token', 'stored-token');
    g.storage.setItem('base44_from_url', 'http://deck.test/from');
    g.storage.setItem('base44_functions_version', 'v9');
    expect(readAppParams({ ...g, defaults: { appId: '', serverUrl: undefined } })).toEqual({
      appId: 'stored-app',
      serverUrl: 'http://stored.test',
      token: 'stored-token',
      fromUrl: 'http://deck.test/from',
      functionsVersion: 'v9',
    });
  });

  test('nothing anywhere gives nulls and leaves the address alone', () => {
    const g = page('http://deck.test/market?x=1');
    expect(readAppParams(g)).toEqual({ appId: null, serverUrl: null, token: null, fromUrl: null, functionsVersion: null });
    expect(win!.location.href).toBe('http://deck.test/market?x=1');
  });

  test('?clear_access_token=true drops the stored token before reading', () => {
    const g = page('http://deck.test/?clear_access_token=true');
    g.storage.setItem('base44_access_token', 'old');
    g.storage.setItem('token', 'old');
    expect(readAppParams(g).token).toBeNull();
    expect(g.storage.getItem('token')).toBeNull();
  });

  test('outside a browser only the defaults count', () => {
    expect(readAppParams({ location: null, history: null, storage: null, defaults: { appId: 'build' } })).toEqual({
      appId: 'build',
      serverUrl: null,
      token: null,
      fromUrl: null,
      functionsVersion: null,
    });
  });
});
