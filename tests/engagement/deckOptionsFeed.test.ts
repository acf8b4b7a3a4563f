// @vitest-environment node
// The deck's options through the real SDK client against a recording HTTP server: the one record or
// the defaults, nothing on a failed read, and a fresh read when the room says the options changed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DECK_OPTIONS, type DeckOptions } from '../../schemas/engagementPaths.ts';
import { accessSocketClosing, accessSocketOpened, shareAccessSocket } from '../../src/auth/accessSocketUsers.ts';
import { deckOptionsRoom, followDeckOptions } from '../../src/engagement/deckOptionsFeed.ts';
import { createClient } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';
import { eventually } from '../support/waitFor.ts';
import { socketDouble } from './socketDouble.ts';

let server: RecordingServer;
const route = 'GET /api/apps/app-1/entities/DeckOptions';
const client = () => createClient({ serverUrl: server.url, appId: 'app-1', token: 'viewer-token', storage: null, location: null, history: null });

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('following the deck options', () => {
  it('reads the first record (limit 1) with the viewer’s token, filling what it lacks from the defaults', async () => {
    server.reply(route, { body: [{ id: 'o1', watermark: true }] });
    const seen: DeckOptions[] = [];
    const stop = followDeckOptions(client(), (options) => seen.push(options));
    await eventually(() => seen.length === 1, { what: 'the options read' });
    expect(seen).toEqual([{ watermark: true, downloads: DEFAULT_DECK_OPTIONS.downloads, recording: DEFAULT_DECK_OPTIONS.recording }]);
    const [request] = server.to(route);
    expect(request?.query).toEqual({ limit: '1' });
    expect(request?.headers.authorization).toBe('Bearer viewer-token');
    stop();
  });

  it('gives the defaults while no record exists, and nothing at all when the read fails', async () => {
    server.reply(route, { body: [] });
    const seen: DeckOptions[] = [];
    const stop = followDeckOptions(client(), (options) => seen.push(options));
    await eventually(() => seen.length === 1, { what: 'the defaults' });
    expect(seen).toEqual([DEFAULT_DECK_OPTIONS]);
    stop();

    server.reply(route, { status: 403, body: { detail: 'no' } });
    const none: DeckOptions[] = [];
    const stopped = followDeckOptions(client(), (options) => none.push(options));
    await eventually(() => server.to(route).length === 2, { what: 'the second read' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(none).toEqual([]);
    stopped();
  });

  it('joins the options room on the access socket and reads again on joining, on each change there, and on a reconnect', async () => {
    server.reply(
      route,
      { body: [] },
      // The admins' first switch, made after the first read and before the socket was in the room.
      { body: [{ id: 'o1', watermark: true, downloads: false, recording: true }] },
      { body: [{ id: 'o1', watermark: true, downloads: true, recording: true }] },
    );
    const seen: DeckOptions[] = [];
    const socket = socketDouble();
    accessSocketOpened(socket);
    const stop = followDeckOptions(client(), (options) => seen.push(options), shareAccessSocket);
    await eventually(() => seen.length === 1, { what: 'the first read' });
    expect(seen[0]).toEqual(DEFAULT_DECK_OPTIONS);
    socket.connect();
    const room = deckOptionsRoom('app-1');
    expect(room).toBe('entities:app-1:DeckOptions');
    expect(socket.emitted).toEqual([['join', room]]);
    await eventually(() => seen.length === 2, { what: 'the read on joining the room' });
    expect(seen[1]).toEqual({ watermark: true, downloads: false, recording: true });
    // Another room's message is not ours.
    socket.deliver('update_model', { room: 'entities:app-1:Other', data: '{}' });
    socket.deliver('update_model', { room, data: JSON.stringify({ type: 'update', id: 'o1' }) });
    await eventually(() => seen.length === 3, { what: 'the read after the change' });
    expect(seen[2]).toEqual({ watermark: true, downloads: true, recording: true });
    expect(server.to(route)).toHaveLength(3);

    socket.connected = false;
    socket.connect();
    await eventually(() => server.to(route).length === 4, { what: 'the read after a reconnect' });
    stop();
    expect(socket.emitted.at(-1)).toEqual(['leave', room]);
    expect(socket.listenerCount('update_model')).toBe(0);
    accessSocketClosing(socket);
  });
});
