// The happy-dom environment: with nothing injected, the client uses the page's own location, history and storage.
import { afterEach, expect, test } from 'vitest';
import { createClient, readAppParams } from '../../src/sdk/index.ts';

/** happy-dom's test hook for moving the page to another address. */
const setURL = (url: string): void => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);

afterEach(() => {
  localStorage.clear();
  setURL('http://localhost:3000/');
});

test('createClient picks ?access_token= from the page address, stores it and cleans the address', () => {
  // Set after the SDK was imported: globals must be read at creation, not at import.
  setURL('http://localhost:3000/market?access_token=page-token&keep=1');
  const client = createClient({ serverUrl: 'http://127.0.0.1:9', appId: 'app-1' });
  expect(client.getToken()).toBe('page-token');
  expect(localStorage.getItem('base44_access_token')).toBe('page-token');
  expect(localStorage.getItem('token')).toBe('page-token');
  expect(location.href).toBe('http://localhost:3000/market?keep=1');
});

test('readAppParams reads the page address and local storage by default', () => {
  localStorage.setItem('base44_server_url', 'http://stored.test');
  setURL('http://localhost:3000/?app_id=from-page');
  expect(readAppParams()).toMatchObject({ appId: 'from-page', serverUrl: 'http://stored.test' });
});

test('logout removes both keys from the page storage', () => {
  const client = createClient({ serverUrl: 'http://127.0.0.1:9', appId: 'app-1', token: 'tok' });
  expect(localStorage.getItem('token')).toBe('tok');
  client.auth.logout('http://localhost:3000/bye');
  expect(localStorage.getItem('base44_access_token')).toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
});
