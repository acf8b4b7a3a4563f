// @vitest-environment node
// `asServiceRole`: the exact error without a service token; with one, every module sends the service token.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createClient, type ClientConfig } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand' | 'Whatever' | 'AnyName', Record<string, unknown>>;

let server: RecordingServer;
const base = '/api/apps/app-1';
const make = (extra: Partial<ClientConfig> = {}) =>
  createClient<Deck>({ serverUrl: server.url, appId: 'app-1', storage: null, location: null, history: null, ...extra });

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

test('without a service token the getter throws the spec message', () => {
  expect(() => make({ token: 'user' }).asServiceRole).toThrow(
    'Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.',
  );
});

test('with one it gives entities, integrations, sso, functions, agents and cleanup, and no auth', () => {
  const sr = make({ serviceToken: 'svc' }).asServiceRole;
  expect(Object.keys(sr).sort()).toEqual(['agents', 'cleanup', 'entities', 'functions', 'integrations', 'sso']);
  expect((sr as unknown as Record<string, unknown>).auth).toBeUndefined();
});

test('every service-role module sends the service token, not the user token', async () => {
  const sr = make({ serviceToken: 'svc', token: 'user' }).asServiceRole;
  await sr.entities.Brand.list();
  await sr.integrations.Core!.SendEmail!({ to: 'x' });
  await sr.functions.invoke('f', {});
  await sr.agents.getConversations();
  await sr.sso.getAccessToken('u1');
  expect(server.requests.map((r) => r.path)).toEqual([
    `${base}/entities/Brand`,
    `${base}/integration-endpoints/Core/SendEmail`,
    `${base}/functions/f`,
    `${base}/agents/conversations`,
    `${base}/auth/sso/accesstoken/u1`,
  ]);
  expect(server.requests.map((r) => r.headers.authorization)).toEqual(Array(5).fill('Bearer svc'));
});

test('sso.getAccessToken(userId): GET /auth/sso/accesstoken/{userId} with on-behalf-of the user token', async () => {
  server.reply(`GET ${base}/auth/sso/accesstoken/u%2F1`, { body: { access_token: 'sso' } });
  await expect(make({ serviceToken: 'svc', token: 'user' }).asServiceRole.sso.getAccessToken('u/1')).resolves.toEqual({
    access_token: 'sso',
  });
  const [req] = server.to(`GET ${base}/auth/sso/accesstoken/u%2F1`);
  expect(req?.headers['on-behalf-of']).toBe('Bearer user');
  expect(req?.headers.authorization).toBe('Bearer svc');
});

test('no on-behalf-of header when the client holds no user token', async () => {
  await make({ serviceToken: 'svc' }).asServiceRole.sso.getAccessToken('u1');
  expect(server.requests[0]?.headers['on-behalf-of']).toBeUndefined();
});

test('the user side keeps its own token beside a service role', async () => {
  const client = make({ serviceToken: 'svc', token: 'user' });
  void client.asServiceRole;
  await client.entities.Brand.list();
  expect(server.requests[0]?.headers.authorization).toBe('Bearer user');
});
