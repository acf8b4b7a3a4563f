// Presence over the shared access socket: the slide on each connect and each move, nothing while down.
import { afterEach, describe, expect, it } from 'vitest';
import { PRESENCE_EVENT } from '../../schemas/engagementPaths.ts';
import { accessSocketClosing, accessSocketOpened, type AccessSocketHandle } from '../../src/auth/accessSocketUsers.ts';
import { startPresence, type PresenceReporter } from '../../src/engagement/presenceReporter.ts';
import { socketDouble } from './socketDouble.ts';

let reporters: PresenceReporter[] = [];
let sockets: AccessSocketHandle[] = [];
afterEach(() => {
  reporters.forEach((reporter) => reporter.stop());
  sockets.forEach(accessSocketClosing);
  reporters = [];
  sockets = [];
});

describe('presence', () => {
  it('reports the current slide when the socket connects and on every move, once per change', () => {
    const reporter = startPresence();
    reporters.push(reporter);
    reporter.report({ path: '/', device: 'phone' });
    const socket = socketDouble();
    sockets.push(socket);
    accessSocketOpened(socket);
    expect(socket.emitted).toEqual([]);
    socket.connect();
    reporter.report({ path: '/market', device: 'phone' });
    reporter.report({ path: '/market', device: 'phone' });
    expect(socket.emitted).toEqual([
      [PRESENCE_EVENT, { path: '/', device: 'phone' }],
      [PRESENCE_EVENT, { path: '/market', device: 'phone' }],
    ]);
    socket.connected = false;
    reporter.report({ path: '/team', device: 'phone' });
    socket.connect();
    expect(socket.emitted.slice(2)).toEqual([[PRESENCE_EVENT, { path: '/team', device: 'phone' }]]);
  });

  it('uses a socket that was open before it started, and lets go of it when stopped or when the socket closes', () => {
    const socket = socketDouble();
    sockets.push(socket);
    socket.connected = true;
    accessSocketOpened(socket);
    const reporter = startPresence();
    reporter.report({ path: '/team', device: 'desktop' });
    expect(socket.emitted).toEqual([[PRESENCE_EVENT, { path: '/team', device: 'desktop' }]]);
    expect(socket.listenerCount('connect')).toBe(1);
    reporter.stop();
    expect(socket.listenerCount('connect')).toBe(0);
    reporter.report({ path: '/', device: 'desktop' });
    expect(socket.emitted).toHaveLength(1);

    const next = startPresence();
    reporters.push(next);
    expect(socket.listenerCount('connect')).toBe(1);
    accessSocketClosing(socket);
    expect(socket.listenerCount('connect')).toBe(0);
  });
});
