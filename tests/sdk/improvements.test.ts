// @vitest-environment node
// The eight points where our client does better than the published 0.8.0 (protocol file, last section), one test each.
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Base44Error, createClient, type Base44Client, type ClientConfig } from '../../src/sdk/index.ts';
import { startRecordingServer, startSocketServer, type RecordingServer, type RecordingSocketServer } from '../support/recordingServer.ts';
import { eventually } from '../support/waitFor.ts';

type Deck = Record<'Brand', Record<string, unknown>>;
let http: RecordingServer;
let io: RecordingSocketServer;
let win: Window;
let clients: Base44Client<Deck>[] = [];
const base = '/api/apps/app-1';

/** HTTP goes to the recording server; the socket to the socket server (serverUrl serves both on the real platform). */
const make = (extra: Partial<ClientConfig> = {}, serverUrl = http.url) => {
  const client = createClient<Deck>({
    serverUrl,
    appId: 'app-1',
    storage: win.localStorage,
    location: null,
    history: null,
    logger: { error: () => undefined },
    socket: { reconnectionDelay: 20, reconnectionDelayMax: 40 },
    ...extra,
  });
  clients.push(client);
  return client;
};
const joins = () => io.events.filter((e) => e.kind === 'join');

beforeAll(async () => {
  [http, io] = await Promise.all([startRecordingServer(), startSocketServer()]);
});
afterAll(() => Promise.all([http.close(), io.close()]));
beforeEach(() => {
  http.reset();
  io.events.length = 0;
  win = new Window({ url: 'http://deck.test/' });
});
afterEach(async () => {
  for (const client of clients) client.cleanup();
  clients = [];
  await win.happyDOM.close();
  // A late disconnect would land in the next test's events.
  await eventually(() => expect(io.connections()).toHaveLength(0));
});

describe('where we do better than the published client', () => {
  test('1. a 401 during email login really logs the user out', async () => {
    http.reply(`POST ${base}/auth/login`, { status: 401, body: { detail: 'Invalid credentials' } });
    const client = make({ token: 'stale' });
    expect(win.localStorage.getItem('token')).toBe('stale');
    const error = await client.auth.loginViaEmailPassword('a@b.c', 'wrong').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(client.getToken()).toBeNull();
    expect(win.localStorage.getItem('base44_access_token')).toBeNull();
    expect(win.localStorage.getItem('token')).toBeNull();
    await client.entities.Brand.list();
    expect(http.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  test('2. logout clears the token from every request path (functions included) and from the socket', async () => {
    const client = make({ token: 'tok' }, io.url);
    client.agents.subscribeToConversation('c1', () => undefined);
    await eventually(() => expect(joins().map((e) => e.query.token)).toEqual(['tok']));
    client.auth.logout();
    await eventually(() => expect(joins().map((e) => e.query.token ?? 'none')).toEqual(['tok', 'none']));
    expect(io.connections()).toEqual([{ app_id: 'app-1', EIO: '4', transport: 'websocket' }]);

    const httpClient = make({ token: 'tok' });
    httpClient.auth.logout();
    await httpClient.functions.invoke('f', {});
    await httpClient.entities.Brand.list();
    await httpClient.integrations.Core!.SendEmail!({});
    await httpClient.agents.getConversations();
    expect(http.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined, undefined, undefined]);
  });

  test('3. function failures reject with the same error class as every other call, with status and data', async () => {
    http.reply(`POST ${base}/functions/report`, { status: 403, body: { detail: 'Forbidden', code: 'NO_ACCESS' } });
    const error = await make()
      .functions.invoke('report', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Base44Error);
    expect(error).toMatchObject({ status: 403, code: 'NO_ACCESS', message: 'Forbidden', data: { detail: 'Forbidden', code: 'NO_ACCESS' } });
  });

  test('4. listConversations sends q as JSON, like filter', async () => {
    await make().agents.listConversations({ q: { agent_name: 'remo', 'metadata.source': 'deck' } });
    const query = http.requests[0]?.query ?? {};
    expect(Object.keys(query)).toEqual(['q']);
    expect(JSON.parse(query.q ?? 'null')).toEqual({ agent_name: 'remo', 'metadata.source': 'deck' });
  });

  test('5. no token=null in the socket query when signed out; rooms without subscribers are not re-joined', async () => {
    const client = make({}, io.url);
    const stop = client.agents.subscribeToConversation('gone', () => undefined);
    client.agents.subscribeToConversation('kept', () => undefined);
    await eventually(() => expect(joins()).toHaveLength(2));
    expect(io.events[0]?.query).not.toHaveProperty('token');
    stop();
    await eventually(() => expect(io.events.filter((e) => e.kind === 'leave')).toHaveLength(1));
    await io.restart();
    await eventually(() =>
      expect(
        joins()
          .filter((e) => e.generation > 1)
          .map((e) => e.room),
      ).toEqual(['/agent-conversations/kept']),
    );
    // A join of one more room comes after every re-join of the reconnect (one socket keeps its order).
    client.agents.subscribeToConversation('barrier', () => undefined);
    await eventually(() =>
      expect(
        joins()
          .filter((e) => e.generation > 1)
          .map((e) => e.room),
      ).toEqual(['/agent-conversations/kept', '/agent-conversations/barrier']),
    );
  });

  test('6. ids and names in paths are URL-encoded', async () => {
    const client = make({ serviceToken: 'svc' });
    await client.entities.Brand.get('a/b?c d');
    await client.functions.invoke('fn/../x', {});
    await client.integrations['My Pkg']!['Do/It']!({});
    await client.agents.getConversation('c#1');
    await client.asServiceRole.sso.getAccessToken('u/1');
    expect(http.requests.map((r) => r.path)).toEqual([
      `${base}/entities/Brand/a%2Fb%3Fc%20d`,
      `${base}/functions/fn%2F..%2Fx`,
      `${base}/integration-endpoints/installable/My%20Pkg/integration-endpoints/Do%2FIt`,
      `${base}/agents/conversations/c%231`,
      `${base}/auth/sso/accesstoken/u%2F1`,
    ]);
  });

  test('7. auth.setToken and client.setToken both reach the socket', async () => {
    const client = make({ token: 'first' }, io.url);
    client.agents.subscribeToConversation('c1', () => undefined);
    await eventually(() => expect(joins()).toHaveLength(1));
    client.auth.setToken('second');
    await eventually(() => expect(joins().map((e) => e.query.token)).toEqual(['first', 'second']));
    client.setToken('third');
    await eventually(() => expect(joins().map((e) => e.query.token)).toEqual(['first', 'second', 'third']));
  });

  test('8. the socket connects only when something subscribes', async () => {
    // The socket server answers no HTTP; the call only has to be made, so it may time out.
    const client = make({ token: 'tok', timeout: 100 }, io.url);
    await client.entities.Brand.list().catch(() => undefined);
    client.agents.getWhatsAppConnectURL('remo');
    // A barrier, not a wait: another client subscribing now connects and joins; a connection the
    // first had opened on its own (at creation, or for the calls above) would be among the events by then.
    make({ token: 'barrier' }, io.url).entities.Brand.subscribe(() => undefined);
    await eventually(() => expect(io.events.filter((e) => e.query.token === 'barrier').map((e) => e.kind)).toEqual(['connect', 'join']));
    expect(io.events.filter((e) => e.query.token === 'tok')).toEqual([]);
    client.entities.Brand.subscribe(() => undefined);
    await eventually(() => expect(io.events.filter((e) => e.query.token === 'tok').map((e) => e.kind)).toEqual(['connect', 'join']));
  });
});
