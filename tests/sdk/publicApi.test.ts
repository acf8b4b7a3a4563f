// @vitest-environment node
// The one public entry, pinned; the module loads in plain Node and reads globals only when used.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as sdk from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

test('src/sdk/index.ts exposes exactly the public API', () => {
  expect(Object.keys(sdk).sort()).toEqual(['Base44Error', 'SOCKET_PATH', 'TOKEN_STORAGE_KEYS', 'createClient', 'fetchPublicSettings', 'readAppParams']);
});

test('a client has the published surface, plus the access module and room subscriptions of the local platform', () => {
  const client = sdk.createClient({ serverUrl: server.url, appId: 'app-1', storage: null, location: null, history: null });
  expect(Object.keys(client).sort()).toEqual(
    ['access', 'agents', 'asServiceRole', 'auth', 'cleanup', 'entities', 'functions', 'getConfig', 'getToken', 'integrations', 'realtime', 'setToken'].sort(),
  );
  expect(client.getConfig()).toEqual({
    serverUrl: server.url,
    appId: 'app-1',
    requiresAuth: false,
    appBaseUrl: '',
    functionsVersion: null,
  });
});

test('the module imports and makes a call in plain Node (no window, no import.meta.env)', async () => {
  const entry = fileURLToPath(new URL('../../src/sdk/index.ts', import.meta.url));
  const script = `
    const { createClient } = await import(${JSON.stringify(entry)});
    const client = createClient({ serverUrl: ${JSON.stringify(server.url)}, appId: 'node-app', token: 't' });
    const rows = await client.entities.Brand.list();
    console.log(JSON.stringify({ window: typeof window, rows }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  expect(JSON.parse(stdout.trim())).toEqual({ window: 'undefined', rows: { ok: true } });
  expect(server.requests.at(-1)?.path).toBe('/api/apps/node-app/entities/Brand');
  // A child Node compiling TypeScript: seconds on a busy two-core machine, past the unit default of 5 s.
}, 30_000);

test('fetch is read when a request is made, not when the module or client is created', async () => {
  const client = sdk.createClient({ serverUrl: server.url, appId: 'app-1', storage: null, location: null, history: null });
  const real = globalThis.fetch;
  const seen: string[] = [];
  globalThis.fetch = (input, init) => {
    seen.push(String(input));
    return real(input, init);
  };
  try {
    await client.entities.Brand!.list();
  } finally {
    globalThis.fetch = real;
  }
  expect(seen).toEqual([`${server.url}/api/apps/app-1/entities/Brand`]);
});

test('an injected fetch is used instead of the global one', async () => {
  const seen: string[] = [];
  const client = sdk.createClient({
    serverUrl: server.url,
    appId: 'app-1',
    storage: null,
    location: null,
    fetch: (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    },
  });
  await client.auth.me();
  expect(seen).toEqual([`${server.url}/api/apps/app-1/entities/User/me`]);
});
