import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followRoom } from '../../schemas/presentingPaths.ts';
import { eventually } from '../support/waitFor.ts';
import { registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// A change no process heard of (a NOTIFY lost, a row edited by hand) cannot keep a
// socket open for long: the sweep asks every socket's standing again. Its own platform, with a short
// sweep, so that the other socket tests prove the signals themselves and never pass by the sweep.
const SWEEP_MS = 300;
let p: TestPlatform;
const sockets: Socket[] = [];

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { standingSweepMs: SWEEP_MS });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
});

describe('the standing sweep', () => {
  it('closes the socket of a person revoked behind the server’s back, and keeps the others (the service role’s too)', async () => {
    const gone = await registeredUser(p, 'quiet@lender.example');
    const kept = await registeredUser(p, 'stays@lender.example');
    const open = (token: string) => openConnected(p, token, sockets);
    const [goneSocket, keptSocket, serviceSocket] = await Promise.all([open(gone), open(kept), open(p.serviceToken)]);
    const reasons: string[] = [];
    goneSocket.on('disconnect', (reason) => reasons.push(reason));
    // Straight to the database: no request, so no signal reaches the sockets.
    await p.db.query(`UPDATE users SET revoked_at = now() WHERE email = 'quiet@lender.example'`);
    await eventually(() => goneSocket.disconnected, { timeoutMs: 20 * SWEEP_MS, what: 'the sweep closing the revoked person’s socket' });
    expect(reasons).toEqual(['io server disconnect']);
    // The sweep that closed it asked the other socket too; an answered event after it shows that one open.
    expect(await keptSocket.timeout(3000).emitWithAck('join', followRoom('testapp'))).toMatchObject({ ok: true });
    expect(keptSocket.connected, 'the sweep closed a socket whose standing had not changed').toBe(true);
    // The service role has no person whose standing could change: every sweep must leave it be.
    expect(await serviceSocket.timeout(3000).emitWithAck('join', followRoom('testapp'))).toMatchObject({ ok: true });
    expect(serviceSocket.connected, 'the sweep closed the service role’s socket').toBe(true);
  });
});
