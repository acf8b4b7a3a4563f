// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_EVENT, type PresenceUpdate } from '../../schemas/engagementPaths.ts';
import { SOCKET_PATH } from '../../schemas/platformWire.ts';
import { LIVE_LINK, watchOpenedNotices } from '../../src/admin/people/openedNotices.ts';
import { watchPresence } from '../../src/admin/engagement/presenceFeed.ts';
import { createClient, type Base44Client } from '../../src/sdk/index.ts';
import { connected } from '../platform/socketEvents.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { eventually } from '../support/waitFor.ts';

// The console's presence feed and the opened-deck notice with the deck's real client
// against the real local platform, a viewer's page stood in for by a socket that reports its slide.
let p: TestPlatform;
let client: Base44Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  client = createClient({ serverUrl: p.url, appId: p.appId, storage: null, location: null, history: null, logger: { error: () => {} } });
  await client.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  client?.cleanup();
  await p?.close();
});

/** A viewer's page: their socket, reporting `path` once connected. */
async function viewerOn(token: string, path: string): Promise<Socket> {
  const socket = io(p.url, { path: SOCKET_PATH, transports: ['websocket'], query: { app_id: p.appId, token }, reconnection: false });
  sockets.push(socket);
  await connected(socket);
  socket.emit(PRESENCE_EVENT, { path, device: 'phone' });
  return socket;
}

const onSlide = (update: PresenceUpdate | undefined, email: string) => update?.viewers.find((viewer) => viewer.email === email)?.path;

describe('the presence feed', () => {
  it('announces an opened deck once, and a listener arriving later gets the current list at once, without the notice', async () => {
    const first: PresenceUpdate[] = [];
    const notices: Array<{ message: string; href: string | undefined }> = [];
    const stopFirst = watchPresence(client, (update) => first.push(update));
    const stopNotices = watchOpenedNotices(client, (message, link) => notices.push({ message, href: link?.href }));
    // Joining the room answers with the list (the admin's own socket in it).
    await eventually(() => first.length > 0, { what: 'the list on joining', timeoutMs: 5000 });

    const viewer = await registeredUser(p, 'live@lender.test', 'live-password-1234');
    await viewerOn(viewer, '/market');
    await eventually(() => onSlide(first.at(-1), 'live@lender.test') === '/market', { what: 'the viewer on /market' });
    expect(notices).toEqual([{ message: 'live@lender.test opened the deck', href: LIVE_LINK.href }]);

    // The console opened later on the same client: no second join, so nothing new from the server.
    const late: PresenceUpdate[] = [];
    const stopLate = watchPresence(client, (update) => late.push(update));
    expect(late).toHaveLength(1);
    expect(onSlide(late[0], 'live@lender.test')).toBe('/market');
    expect(late[0]!.opened).toBeUndefined();
    expect(notices).toHaveLength(1);

    // Everyone gone: the room is left and the last list forgotten, so a new listener joins afresh.
    stopFirst();
    stopNotices();
    stopLate();
    const fresh: PresenceUpdate[] = [];
    const stopFresh = watchPresence(client, (update) => fresh.push(update));
    expect(fresh).toEqual([]);
    await eventually(() => onSlide(fresh.at(-1), 'live@lender.test') === '/market', { what: 'the list on joining again', timeoutMs: 5000 });
    stopFresh();
  });
});
