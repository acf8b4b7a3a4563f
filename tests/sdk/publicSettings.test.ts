// @vitest-environment node
// fetchPublicSettings: the app start's read outside the client (protocol file, "Calls").
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { Base44Error, fetchPublicSettings } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

let server: RecordingServer;
const route = 'GET /api/apps/public/prod/public-settings/by-id/app-1';

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

test('GET /api/apps/public/prod/public-settings/by-id/{appId} with X-App-Id and the bearer; the reply is kept whole', async () => {
  const body = { id: 'app-1', public_settings: 'public_with_login', name: 'Deck', extra: { a: 1 } };
  server.reply(route, { body });
  await expect(fetchPublicSettings({ serverUrl: server.url, appId: 'app-1', token: 'tok' })).resolves.toEqual(body);
  const [req] = server.to(route);
  expect(req?.headers['x-app-id']).toBe('app-1');
  expect(req?.headers.authorization).toBe('Bearer tok');
});

test('no Authorization header without a token', async () => {
  await fetchPublicSettings({ serverUrl: server.url, appId: 'app-1' });
  expect(server.to(route)[0]?.headers.authorization).toBeUndefined();
});

test('failures reject with Base44Error, keeping the extra_data reason in data', async () => {
  const body = { detail: 'You must log in', extra_data: { reason: 'auth_required' } };
  server.reply(route, { status: 403, body });
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
