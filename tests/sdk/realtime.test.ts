// @vitest-environment node
// The real-time socket against a real socket.io server: rooms, update_model, re-join, errors, token changes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClient, SOCKET_PATH, type Base44Client, type ClientConfig } from '../../src/sdk/index.ts';
import { closedPort, startSocketServer, type RecordingSocketServer } from '../support/recordingServer.ts';
import { eventually } from '../support/waitFor.ts';

type Deck = Record<'Brand', Record<string, unknown>>;
let io: RecordingSocketServer;
let clients: Base44Client<Deck>[] = [];
let logged: unknown[][] = [];

const make = (extra: Partial<ClientConfig> = {}) => {
  const client = createClient<Deck>({
    serverUrl: io.url,
    appId: 'app-1',
    storage: null,
    location: null,
    history: null,
    logger: { error: (...args) => logged.push(args) },
    socket: { reconnectionDelay: 20, reconnectionDelayMax: 40 },
    ...extra,
  });
  clients.push(client);
  return client;
};
const kinds = (kind: string) => io.events.filter((e) => e.kind === kind);
const joined = () => kinds('join').map((e) => e.room);
// Proof that a client sent nothing more: a join of one more room arrives after every earlier emit
// of the same socket (socket.io keeps their order), so once it is seen, an earlier leave would be too.
async function barrier(client: Base44Client, room: string): Promise<void> {
  client.agents.subscribeToConversation(room, () => undefined);
  await eventually(() => expect(joined()).toContain(`/agent-conversations/${room}`), { what: `the join of ${room}` });
}

beforeAll(async () => {
  io = await startSocketServer();
});
afterAll(() => io.close());
beforeEach(() => {
  io.events.length = 0;
  logged = [];
});
afterEach(async () => {
  for (const client of clients) client.cleanup();
  clients = [];
  // A late disconnect would land in the next test's events.
  await eventually(() => expect(io.connections()).toHaveLength(0));
});

test('the mount path is /ws-user-apps/socket.io/', () => {
  expect(SOCKET_PATH).toBe('/ws-user-apps/socket.io/');
});

describe('rooms', () => {
  test('the handshake carries app_id and token over the websocket transport', async () => {
    make({ token: 'tok' }).agents.subscribeToConversation('c1', () => undefined);
    const [connect] = await eventually(() => {
      expect(kinds('connect')).toHaveLength(1);
      return kinds('connect');
    });
    expect(connect?.query).toMatchObject({ app_id: 'app-1', token: 'tok', transport: 'websocket' });
  });

  test('the first subscriber of a room joins it, the last one to leave leaves it', async () => {
    const client = make();
    const stopA = client.agents.subscribeToConversation('c1', () => undefined);
    const stopB = client.agents.subscribeToConversation('c1', () => undefined);
    await eventually(() => expect(joined()).toEqual(['/agent-conversations/c1']));
    stopA();
    await barrier(client, 'barrier-1');
    expect(kinds('leave')).toHaveLength(0);
    stopB();
    await eventually(() => expect(kinds('leave').map((e) => e.room)).toEqual(['/agent-conversations/c1']));
    stopB();
    await barrier(client, 'barrier-2');
    expect(kinds('leave')).toHaveLength(1);
  });

  test('a room subscribed while connected is joined at once', async () => {
    const client = make();
    client.agents.subscribeToConversation('c1', () => undefined);
    await eventually(() => expect(joined()).toEqual(['/agent-conversations/c1']));
    client.agents.subscribeToConversation('c2', () => undefined);
    await eventually(() => expect(joined()).toEqual(['/agent-conversations/c1', '/agent-conversations/c2']));
  });

  test('after the server restarts, every room that still has subscribers is joined again', async () => {
    const client = make();
    client.agents.subscribeToConversation('keep', () => undefined);
    client.entities.Brand.subscribe(() => undefined);
    await eventually(() => expect(joined()).toHaveLength(2));
    await io.restart();
    await eventually(() =>
      expect(
        kinds('join')
          .filter((e) => e.generation > 1)
          .map((e) => e.room)
          .sort(),
      ).toEqual(['/agent-conversations/keep', 'entities:app-1:Brand']),
    );
  });

  // A barrier for "no connection": another client that subscribes after it loads the socket library
  // in the same import and opens its socket after the first would have; once its join is seen, a
  // connection of the first (another token) would have been seen too.
  async function noOtherConnection(): Promise<void> {
    make({ token: 'barrier' }).agents.subscribeToConversation('barrier', () => undefined);
    await eventually(() => expect(joined()).toContain('/agent-conversations/barrier'), { what: 'the barrier client’s join' });
    expect(io.events.filter((e) => e.query.token !== 'barrier')).toEqual([]);
  }

  test('a subscription dropped before the socket opens leaves no connection behind', async () => {
    const stop = make({ token: 'dropped' }).agents.subscribeToConversation('brief', () => undefined);
    stop();
    await noOtherConnection();
  });

  test('cleanup() while the socket library is still loading leaves no connection behind', async () => {
    const client = make({ token: 'cleaned' });
    client.agents.subscribeToConversation('brief', () => undefined);
    client.cleanup();
    await noOtherConnection();
  });

  test('cleanup() disconnects the socket', async () => {
    const client = make();
    client.agents.subscribeToConversation('c1', () => undefined);
    await eventually(() => expect(kinds('join')).toHaveLength(1));
    client.cleanup();
    await eventually(() => expect(kinds('disconnect')).toHaveLength(1));
    expect(io.connections()).toHaveLength(0);
  });
});

describe('update_model', () => {
  test('data (a JSON string) is parsed and handed to that room’s subscribers only', async () => {
    const client = make();
    const c1: unknown[] = [];
    const c2: unknown[] = [];
    client.agents.subscribeToConversation('c1', (c) => c1.push(c));
    client.agents.subscribeToConversation('c1', (c) => c1.push({ second: c.id }));
    client.agents.subscribeToConversation('c2', (c) => c2.push(c));
    await eventually(() => expect(joined()).toHaveLength(2));
    io.emitUpdate('/agent-conversations/c1', { id: 'c1', messages: [{ role: 'assistant', content: 'Hi' }] });
    await eventually(() => expect(c1).toHaveLength(2));
    expect(c1).toEqual([{ id: 'c1', messages: [{ role: 'assistant', content: 'Hi' }] }, { second: 'c1' }]);
    expect(c2).toEqual([]);
  });

  test('entities.E.subscribe joins entities:{appId}:{E} and receives change events; unsubscribe leaves', async () => {
    const client = make();
    const events: unknown[] = [];
    const stop = client.entities.Brand.subscribe((event) => events.push(event));
    await eventually(() => expect(joined()).toEqual(['entities:app-1:Brand']));
    const change = { type: 'update', id: 'b1', data: { id: 'b1', status: 'live' }, timestamp: '2026-01-01T00:00:00Z' };
    io.emitUpdate('entities:app-1:Brand', change);
    await eventually(() => expect(events).toEqual([change]));
    stop();
    await eventually(() => expect(kinds('leave').map((e) => e.room)).toEqual(['entities:app-1:Brand']));
  });

  test('an unparsable payload reaches subscribers as an error, not as data', async () => {
    const client = make();
    const updates: unknown[] = [];
    const errors: unknown[] = [];
    client.agents.subscribeToConversation(
      'c1',
      (c) => updates.push(c),
      (e) => errors.push(e),
    );
    await eventually(() => expect(joined()).toHaveLength(1));
    io.emitUpdate('/agent-conversations/c1', null, '{not json');
    await eventually(() => expect(errors).toHaveLength(1));
    expect(updates).toEqual([]);
    expect(errors[0]).toBeInstanceOf(SyntaxError);
  });
});

describe('errors', () => {
  test('an error event is logged and passed to the subscribers', async () => {
    const client = make();
    const errors: unknown[] = [];
    client.agents.subscribeToConversation(
      'c1',
      () => undefined,
      (e) => errors.push(e),
    );
    client.entities.Brand.subscribe(
      () => undefined,
      (e) => errors.push(['entity', e]),
    );
    await eventually(() => expect(joined()).toHaveLength(2));
    io.emitToAll('error', 'server error');
    await eventually(() => expect(errors).toEqual(['server error', ['entity', 'server error']]));
    expect(logged).toContainEqual(['[base44] socket error', 'server error']);
  });

  test('connect_error is logged and passed to the subscribers', async () => {
    const port = await closedPort();
    const client = make({ serverUrl: `http://127.0.0.1:${port}` });
    const errors: unknown[] = [];
    client.agents.subscribeToConversation(
      'c1',
      () => undefined,
      (e) => errors.push(e),
    );
    await eventually(() => expect(errors.length).toBeGreaterThan(0));
    expect(errors[0]).toBeInstanceOf(Error);
    expect(logged[0]?.[0]).toBe('[base44] socket error');
  });
});

describe('tokens', () => {
  test('client.setToken reconnects with the new token and joins the rooms again', async () => {
    const client = make({ token: 'old' });
    client.agents.subscribeToConversation('c1', () => undefined);
    await eventually(() => expect(kinds('join')).toHaveLength(1));
    client.setToken('new');
    await eventually(() => expect(kinds('join').map((e) => e.query.token)).toEqual(['old', 'new']));
    await eventually(() => expect(io.connections().map((q) => q.token)).toEqual(['new']));
  });

  test('the same token again does not reconnect', async () => {
    const client = make({ token: 'same' });
    client.agents.subscribeToConversation('c1', () => undefined);
    await eventually(() => expect(kinds('join')).toHaveLength(1));
    client.setToken('same');
    // A reconnection would carry the next join on a second connection.
    await barrier(client, 'after-same-token');
    expect(kinds('connect')).toHaveLength(1);
  });

  test('the service role has its own socket with the service token', async () => {
    const client = make({ token: 'user', serviceToken: 'svc' });
    client.asServiceRole.agents.subscribeToConversation('c9', () => undefined);
    await eventually(() => expect(kinds('join').map((e) => [e.room, e.query.token])).toEqual([['/agent-conversations/c9', 'svc']]));
    client.asServiceRole.cleanup();
    await eventually(() => expect(kinds('disconnect')).toHaveLength(1));
  });
});
