import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL } from '../../schemas/accessWire.ts';
import { STATUS_CALL } from '../../schemas/statusPaths.ts';
import { followRoom } from '../../schemas/presentingPaths.ts';
import { ACCOUNT_CLIENT_MAX_FAILURES } from '../../src/platform/identity/signInLimits.ts';
import { eventually } from '../support/waitFor.ts';
import { latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// The account menu's change password, through the path the SDK calls.
let p: TestPlatform;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Trusting the proxy header lets a test speak from an address of its own, outside the others' sign-in budget.
  p = await startTestPlatform('private_with_login', { trustProxy: true });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
});

const change = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  p.call('POST', ACCESS_CALL.changePassword, { token, body, headers });
const idOf = async (token: string) => (await p.call('GET', '/entities/User/me', { token })).body.id as string;

const openSocket = (token: string) => openConnected(p, token, sockets);

describe('changing a password', () => {
  it('with the right current password: a fresh token and cookie, every other session, link and socket ends, this tab keeps its socket', async () => {
    const tab = await registeredUser(p, 'mover@lender.example', 'first-password-1');
    const laptop = await p.login('mover@lender.example', 'first-password-1');
    const id = await idOf(tab);
    // A reset link asked for earlier dies with the old password.
    await p.call('POST', '/auth/reset-password-request', { body: { email: 'mover@lender.example' } });
    const resetToken = /reset_token=([A-Za-z0-9_-]+)/.exec(await latestMail(p, 'mover@lender.example', 'reset'))![1]!;
    const [tabSocket, laptopSocket] = await Promise.all([openSocket(tab), openSocket(laptop)]);
    const laptopGone = new Promise<string>((resolve) => laptopSocket.once('disconnect', resolve));
    const tabGone: string[] = [];
    tabSocket.on('disconnect', (reason) => tabGone.push(reason));

    const reply = await change(tab, { user_id: id, current_password: 'first-password-1', new_password: 'second-password-2' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(reply.headers.get('set-cookie')).toContain(`deck_session=${reply.body.access_token}`);
    expect(await laptopGone).toBe('io server disconnect');
    // The server handled the laptop's disconnect; a join on the tab's socket after it shows the tab's is still
    // served, and that it stands on the new token (a join is decided on the standing now).
    expect(await tabSocket.timeout(3000).emitWithAck('join', followRoom('testapp'))).toMatchObject({ ok: true });
    expect(tabGone).toEqual([]);
    expect(tabSocket.connected).toBe(true);

    // The tab's socket now stands on the new token: signing that token out closes it.
    expect((await p.call('GET', '/entities/User/me', { token: reply.body.access_token })).status).toBe(200);
    expect((await p.call('POST', '/auth/logout', { token: reply.body.access_token })).status).toBe(200);
    await eventually(() => tabSocket.disconnected, {
      timeoutMs: 3000,
      what: 'the tab socket closed with its new token signed out (it stood on the new token)',
    });
    expect(tabGone).toEqual(['io server disconnect']);
    for (const old of [tab, laptop]) expect((await p.call('GET', '/entities/User/me', { token: old })).status).toBe(401);
    expect((await p.call('GET', '/entities/User/me', { token: reply.body.access_token })).status).toBe(401);
    expect((await p.call('POST', STATUS_CALL.resetStatus, { body: { reset_token: resetToken } })).body).toMatchObject({ state: 'password_changed' });
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: resetToken, new_password: 'third-password-3' } })).status).toBe(400);
    expect((await p.call('POST', '/auth/login', { body: { email: 'mover@lender.example', password: 'first-password-1' } })).status).toBe(401);
    expect((await p.call('POST', '/auth/login', { body: { email: 'mover@lender.example', password: 'second-password-2' } })).status).toBe(200);
  });

  it('a wrong current password is refused and counted with the sign-in attempts: a burst cannot brute-force it', async () => {
    const token = await registeredUser(p, 'guessed@lender.example', 'right-password-1');
    const id = await idOf(token);
    for (let i = 0; i < ACCOUNT_CLIENT_MAX_FAILURES; i++) {
      const wrong = await change(token, { user_id: id, current_password: `guess-number-${i}`, new_password: 'taken-over-pass-9' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.detail).toBe('current_password: is incorrect');
    }
    // The right password is now refused too, here and at sign-in, until the window passes.
    const right = await change(token, { user_id: id, current_password: 'right-password-1', new_password: 'taken-over-pass-9' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await p.call('POST', '/auth/login', { body: { email: 'guessed@lender.example', password: 'right-password-1' } })).status).toBe(429);
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(200);
    const stored = await p.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM access_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
    expect(stored.rows[0]!.n).toBe(1);
  });

  it('the right current password gives back the places the wrong ones took: its owner is not locked out by their own typos', async () => {
    const token = await registeredUser(p, 'typos@lender.example', 'typo-password-1');
    const id = await idOf(token);
    const from = { 'X-Forwarded-For': '203.0.113.29' };
    const wrong = async (t: string) =>
      (await change(t, { user_id: id, current_password: 'not-it-at-all-1', new_password: 'never-set-password-1' }, from)).status;
    for (let i = 1; i < ACCOUNT_CLIENT_MAX_FAILURES; i++) expect(await wrong(token)).toBe(400);
    const right = await change(token, { user_id: id, current_password: 'typo-password-1', new_password: 'typo-password-2' }, from);
    expect(right.status).toBe(200);
    // Five places were taken; the success gave them back, so the next typo is a 400, not a 429.
    expect(await wrong(right.body.access_token), 'a successful change did not give the attempts back').toBe(400);
  });

  it("refuses another person's user_id (403), a weak new password (400 naming it), and callers without a token", async () => {
    const token = await registeredUser(p, 'careful@lender.example', 'careful-password-1');
    const id = await idOf(token);
    const other = await change(token, { user_id: 'someone-else', current_password: 'careful-password-1', new_password: 'fine-new-password-1' });
    expect(other.status).toBe(403);
    expect(other.body.detail).toMatch(/^user_id: /);
    const short = await change(token, { user_id: id, current_password: 'careful-password-1', new_password: 'short' });
    expect(short.body.detail).toBe('new_password: must be at least 12 characters');
    const common = await change(token, { user_id: id, current_password: 'careful-password-1', new_password: 'passwordpassword' });
    expect(common.body.detail).toBe('new_password: is among commonly breached passwords; choose another');
    expect(
      (await p.call('POST', ACCESS_CALL.changePassword, { body: { user_id: id, current_password: 'careful-password-1', new_password: 'fine-new-password-1' } }))
        .status,
    ).toBe(401);
    // None of those changed anything.
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(200);
    expect((await p.call('POST', '/auth/login', { body: { email: 'careful@lender.example', password: 'careful-password-1' } })).status).toBe(200);
  });
});
