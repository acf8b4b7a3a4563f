// @vitest-environment node
// Protocol table rows for `agents.*` over HTTP, and the messaging connect URL (no request).
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createClient, type ClientConfig } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

let server: RecordingServer;
const base = '/api/apps/app-1/agents/conversations';
const make = (extra: Partial<ClientConfig> = {}) =>
  createClient({ serverUrl: server.url, appId: 'app-1', token: 'tok', storage: null, location: null, history: null, ...extra });

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

test('getConversations: GET /agents/conversations', async () => {
  server.reply(`GET ${base}`, { body: [{ id: 'c1' }] });
  await expect(make().agents.getConversations()).resolves.toEqual([{ id: 'c1' }]);
  expect(server.to(`GET ${base}`)[0]?.query).toEqual({});
});

test('listConversations(params): GET /agents/conversations with q as JSON and the list parameters', async () => {
  server.reply(`GET ${base}`, { body: [] });
  await make().agents.listConversations({ q: { agent_name: 'remo' }, sort: '-created_date', limit: 5, fields: ['id', 'messages'] });
  const query = server.to(`GET ${base}`)[0]?.query ?? {};
  expect(JSON.parse(query.q ?? 'null')).toEqual({ agent_name: 'remo' });
  expect(query).toMatchObject({ sort: '-created_date', limit: '5', fields: 'id,messages' });
});

test('getConversation(id): GET /agents/conversations/{id}', async () => {
  server.reply(`GET ${base}/c1`, { body: { id: 'c1', messages: [] } });
  await expect(make().agents.getConversation('c1')).resolves.toEqual({ id: 'c1', messages: [] });
});

test('createConversation: POST /agents/conversations with agent_name and metadata', async () => {
  server.reply(`POST ${base}`, { body: { id: 'c2' } });
  await expect(make().agents.createConversation({ agent_name: 'remo', metadata: { source: 'deck' } })).resolves.toEqual({ id: 'c2' });
  expect(server.to(`POST ${base}`)[0]?.body).toEqual({ agent_name: 'remo', metadata: { source: 'deck' } });
});

test('addMessage: POST /agents/conversations/{id}/messages with the message', async () => {
  server.reply(`POST ${base}/c1/messages`, { body: { id: 'm1' } });
  const message = { role: 'user', content: 'What is a HECM?' };
  await expect(make().agents.addMessage({ id: 'c1', messages: [] }, message)).resolves.toEqual({ id: 'm1' });
  expect(server.to(`POST ${base}/c1/messages`)[0]?.body).toEqual(message);
});

test('addMessage hands the grown conversation to the room subscribers at once, without opening a socket', async () => {
  // This HTTP server speaks no socket.io, so the only delivery possible is the local one.
  const logged: unknown[] = [];
  const client = make({ socket: { reconnectionDelay: 10_000 }, logger: { error: (...args) => logged.push(args) } });
  const seen: unknown[] = [];
  const stop = client.agents.subscribeToConversation('c1', (c) => seen.push(c));
  await client.agents.addMessage({ id: 'c1', messages: [{ role: 'assistant', content: 'Hi' }] }, { role: 'user', content: 'Hello' });
  expect(seen).toEqual([
    {
      id: 'c1',
      messages: [
        { role: 'assistant', content: 'Hi' },
        { role: 'user', content: 'Hello' },
      ],
    },
  ]);
  stop();
  client.cleanup();
});

test('getWhatsAppConnectURL: {serverUrl}/whatsapp/{appId}/{agentName}?token={token}, no request', () => {
  expect(make().agents.getWhatsAppConnectURL('remo')).toBe(`${server.url}/whatsapp/app-1/remo?token=tok`);
  expect(server.requests).toHaveLength(0);
});

test('getWhatsAppConnectURL signed out carries no token parameter', () => {
  expect(make({ token: null }).agents.getWhatsAppConnectURL('remo')).toBe(`${server.url}/whatsapp/app-1/remo`);
});
