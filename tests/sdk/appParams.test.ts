// @vitest-environment node
// readAppParams: the address, else the caller's build-time default, else local storage; only the token leaves the address.
import { Window } from 'happy-dom';
import { afterEach, expect, test } from 'vitest';
import { readAppParams } from '../../src/sdk/index.ts';

let win: Window | undefined;
const open = (url: string) => {
  win = new Window({ url });
  return { storage: win.localStorage, location: win.location, history: win.history };
};
afterEach(async () => {
  await win?.happyDOM.close();
  win = undefined;
});

test('every parameter is read from the address, saved, and only access_token is removed', () => {
  const g = open(
    'http://deck.test/deck?app_id=a1&server_url=http%3A%2F%2Fapi.test&access_token=t1&from_url=http%3A%2F%2Fdeck.test%2Fx&functions_version=v2',
  );
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
  const g = open('http://deck.test/?app_id=from-address');
  const params = readAppParams({ ...g, defaults: { appId: 'from-build', serverUrl: 'http://build.test' } });
  expect(params.appId).toBe('from-address');
  expect(params.serverUrl).toBe('http://build.test');
});

test('local storage comes last', () => {
  const g = open('http://deck.test/');
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
  const g = open('http://deck.test/market?x=1');
  expect(readAppParams(g)).toEqual({ appId: null, serverUrl: null, token: null, fromUrl: null, functionsVersion: null });
  expect(win!.location.href).toBe('http://deck.test/market?x=1');
});

test('?clear_access_token=true drops the stored token before reading', () => {
  const g = open('http://deck.test/?clear_access_token=true');
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
