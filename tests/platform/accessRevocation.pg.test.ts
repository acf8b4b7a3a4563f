import type { Socket } from 'socket.io-client';
import { connected, openSocket, refused } from './socketEvents.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, ACCESS_ENDED_REASON, ADMIN_PATH, INVITE_TOKEN_PARAM } from '../../schemas/accessWire.ts';
import { ADMIN, fakeDeck, latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// Revocation and expiry end access at once and everywhere (API, socket, pages, sign-in),
// and the console's address is the app shell for admins only.
const deck = fakeDeck({
  'index.html': '<h1>COVER CONTENT</h1>',
  '404.html': '<h1>NOT FOUND PAGE</h1>',
  '_gate.html': '<html><head></head><body><div id="root">GATE SHELL</div></body></html>',
  'login.html': '<form>LOGIN PAGE</form>',
});
let p: TestPlatform;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // No sweep within the file's run: a socket closed at its expiry was closed by its own timer.
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir, standingSweepMs: 60 * 60_000 });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
  deck.remove();
});

const connect = (token: string) => openSocket(p, token, sockets);

const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

/** The reason the server gave for closing the socket, or a failure that says the socket was left open. */
async function closedByServer(gone: Promise<string>, what: string, timeoutMs = 3000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: the open socket was not disconnected within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([gone, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function page(path: string, token?: string) {
  const response = await fetch(`${p.url}${path}`, { headers: token ? { Cookie: `deck_session=${token}` } : {}, redirect: 'manual' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const idOf = async (token: string) => (await p.call('GET', '/entities/User/me', { token })).body.id as string;
const ENDED_DETAIL = "Your access to this deck has ended. Ask the deck's owners to invite you again.";

describe('revoking', () => {
  it('ends the open socket at once, refuses the token, shows no content, and refuses sign-in after the password', async () => {
    const token = await registeredUser(p, 'gone@lender.example', 'gone-password-1');
    const id = await idOf(token);
    expect((await page('/', token)).text).toBe('<h1>COVER CONTENT</h1>');
    const socket = connect(token);
    await connected(socket);
    const gone = disconnected(socket);

    const revoked = await p.call('POST', ACCESS_CALL.revoke(id), { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id, email: 'gone@lender.example' });
    expect(Date.parse(revoked.body.revoked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await closedByServer(gone, 'revocation no longer disconnects sockets', 5000)).toBe('io server disconnect');

    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(401);
    const shell = await page('/', token);
    expect(shell.text).toContain('GATE SHELL');
    expect(shell.text).not.toContain('COVER CONTENT');
    expect(shell.headers.get('cache-control')).toBe('no-store');

    const wrong = await p.call('POST', '/auth/login', { body: { email: 'gone@lender.example', password: 'not-the-password-9' } });
    expect(wrong.status).toBe(401);
    const login = await p.call('POST', '/auth/login', { body: { email: 'gone@lender.example', password: 'gone-password-1' } });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ detail: ENDED_DETAIL, code: ACCESS_ENDED_REASON, extra_data: { reason: ACCESS_ENDED_REASON } });
    expect(login.headers.get('set-cookie')).toBeNull();
    const live = await p.db.query(`SELECT 1 FROM access_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
    expect(live.rows).toEqual([]);

    // The console lists the state the record now has.
    const listed = await p.call('GET', `/entities/User/${id}`, { token: admin });
    expect(listed.body.revoked_at).toBe(revoked.body.revoked_at);
  });

  it('kills the invitation link: it says why, and accepting it grants nothing', async () => {
    const invited = await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'pending@lender.example' } });
    const link = new RegExp(`${INVITE_TOKEN_PARAM}=([A-Za-z0-9_-]+)`).exec(await latestMail(p, 'pending@lender.example', 'invite'))![1]!;
    expect((await p.call('POST', ACCESS_CALL.revoke(invited.body.user.id), { token: admin })).status).toBe(200);
    const status = await p.call('POST', ACCESS_CALL.inviteStatus, { body: { invite_token: link } });
    expect(status.body).toMatchObject({ state: 'revoked', message: expect.stringMatching(/ended/) });
    const accept = await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: link, new_password: 'pending-password-1' } });
    expect(accept.status).toBe(400);
    expect(accept.body.detail).toMatch(/^invite_token: was withdrawn/);
    expect((await p.call('POST', ACCESS_CALL.resendInvite(invited.body.user.id), { token: admin })).body.detail).toBe(
      'user: access was revoked: invite them again to restore it',
    );

    // Invited again, the person gets a fresh link that works; the old one stays dead.
    const again = await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'pending@lender.example' } });
    expect(again.body.user.revoked_at).toBeNull();
    expect((await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: link, new_password: 'pending-password-1' } })).status).toBe(400);
    const fresh = new RegExp(`${INVITE_TOKEN_PARAM}=([A-Za-z0-9_-]+)`).exec(await latestMail(p, 'pending@lender.example', 'invite'))![1]!;
    expect((await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: fresh, new_password: 'pending-password-1' } })).status).toBe(200);
  });

  it('refuses revoking yourself or someone unknown, and writes nothing then', async () => {
    const self = await p.call('POST', ACCESS_CALL.revoke(await idOf(admin)), { token: admin });
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe('user: you cannot revoke your own access');
    expect((await p.call('GET', '/entities/User/me', { token: admin })).body.revoked_at).toBeNull();
    expect((await p.call('POST', ACCESS_CALL.revoke('nobody-here'), { token: admin })).status).toBe(404);
    expect((await p.call('POST', ACCESS_CALL.revoke('bad id!'), { token: admin })).body.detail).toMatch(/^id: /);
  });
});

describe('expiry', () => {
  it('an expired person gets 403 access_ended from the API, the socket and sign-in, and the gate page instead of content', async () => {
    const token = await registeredUser(p, 'expired@lender.example', 'expired-password-1');
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = 'expired@lender.example'`);
    for (const reply of [await p.call('GET', '/entities/User/me', { token }), await p.call('GET', '/entities/Thing', { token })]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ detail: ENDED_DETAIL, code: ACCESS_ENDED_REASON, extra_data: { reason: ACCESS_ENDED_REASON } });
    }
    const settings = await p.call('GET', `/api/apps/public/prod/public-settings/by-id/${p.appId}`, { raw: true, token });
    expect(settings.body.extra_data).toEqual({ reason: ACCESS_ENDED_REASON });
    const error = await refused(connect(token));
    expect(error.data).toMatchObject({ status: 403, extra_data: { reason: ACCESS_ENDED_REASON } });
    const shell = await page('/', token);
    expect(shell.text).toContain('GATE SHELL');
    expect(shell.text).not.toContain('COVER CONTENT');
    const login = await p.call('POST', '/auth/login', { body: { email: 'expired@lender.example', password: 'expired-password-1' } });
    expect(login.status).toBe(403);
    expect(login.body.extra_data).toEqual({ reason: ACCESS_ENDED_REASON });

    // An admin moving the expiry into the future restores access.
    const id = (await p.call('GET', `/entities/User?q=${encodeURIComponent('{"email":"expired@lender.example"}')}`, { token: admin })).body[0].id;
    expect((await p.call('PUT', `/entities/User/${id}`, { token: admin, body: { expires_at: null } })).status).toBe(200);
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(200);
  });

  it('a code proving the mailbox of an expired person issues no token', async () => {
    await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'coded@lender.example' } });
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = 'coded@lender.example'`);
    expect((await p.call('POST', '/auth/register', { body: { email: 'coded@lender.example', password: 'coded-password-1' } })).status).toBe(200);
    const code = /code is (\d{6})/.exec(await latestMail(p, 'coded@lender.example', 'otp'))![1]!;
    const verified = await p.call('POST', '/auth/verify-otp', { body: { email: 'coded@lender.example', otp_code: code } });
    expect(verified.status).toBe(403);
    expect(verified.body.extra_data).toEqual({ reason: ACCESS_ENDED_REASON });
    expect(verified.body).not.toHaveProperty('access_token');
    expect(verified.headers.get('set-cookie')).toBeNull();
  });

  /** A person whose access ends in 1.5 s, with a socket open: their token, and the socket's close. */
  async function openSocketEndingSoon(email: string): Promise<{ token: string; gone: Promise<string> }> {
    const token = await registeredUser(p, email);
    await p.db.query(`UPDATE users SET expires_at = now() + interval '1500 milliseconds' WHERE email = $1`, [email]);
    const socket = connect(token);
    await connected(socket);
    return { token, gone: disconnected(socket) };
  }

  it('an open socket ends when the expiry passes', async () => {
    const { token, gone } = await openSocketEndingSoon('ticking@lender.example');
    expect(await closedByServer(gone, 'the expiry passing no longer disconnects sockets', 6000)).toBe('io server disconnect');
    expect((await p.call('GET', '/entities/User/me', { token })).body.extra_data).toEqual({ reason: ACCESS_ENDED_REASON });
  });

  it('an expiry moved later while the socket is open: it stays until the new end, then closes', async () => {
    const { token, gone } = await openSocketEndingSoon('extended@lender.example');
    const id = (await p.call('GET', '/entities/User/me', { token })).body.id as string;
    // The admin extends access before the first end comes: the socket's timer, armed for the old end,
    // must look again then and wait for the new one.
    const newEnd = Date.now() + 3500;
    expect((await p.call('PUT', `/entities/User/${id}`, { token: admin, body: { expires_at: new Date(newEnd).toISOString() } })).status).toBe(200);
    expect(await closedByServer(gone, 'a socket whose expiry was moved later is never closed at the new end', 10_000)).toBe('io server disconnect');
    expect(Date.now(), 'the socket was closed before its new end').toBeGreaterThanOrEqual(newEnd - 50);
  });

  it('an expiry set while the socket is open closes it at that moment, not at the next sweep', async () => {
    const token = await registeredUser(p, 'dated@lender.example');
    const socket = connect(token);
    await connected(socket);
    const gone = disconnected(socket);
    const end = Date.now() + 3000;
    expect((await p.call('PUT', `/entities/User/${await idOf(token)}`, { token: admin, body: { expires_at: new Date(end).toISOString() } })).status).toBe(200);
    expect(await closedByServer(gone, 'a socket whose person was given an expiry is not closed when it passes', 12_000)).toBe('io server disconnect');
    expect(Date.now(), 'the socket was closed before the expiry').toBeGreaterThanOrEqual(end - 50);
  });

  it('an expiry brought earlier while the socket is open closes it at the new end', async () => {
    const token = await registeredUser(p, 'shortened@lender.example');
    const id = await idOf(token);
    expect((await p.call('PUT', `/entities/User/${id}`, { token: admin, body: { expires_at: new Date(Date.now() + 86_400_000).toISOString() } })).status).toBe(
      200,
    );
    const socket = connect(token);
    await connected(socket);
    const gone = disconnected(socket);
    const end = Date.now() + 3000;
    expect((await p.call('PUT', `/entities/User/${id}`, { token: admin, body: { expires_at: new Date(end).toISOString() } })).status).toBe(200);
    expect(await closedByServer(gone, 'a socket whose expiry was brought earlier waits for the old one', 12_000)).toBe('io server disconnect');
    expect(Date.now(), 'the socket was closed before its new end').toBeGreaterThanOrEqual(end - 50);
  });
});

describe('the console address', () => {
  it('is the app shell for an admin, and exactly the ordinary 404 for a viewer and for anyone signed out', async () => {
    const shell = await page(ADMIN_PATH, admin);
    expect(shell.status).toBe(200);
    expect(shell.text).toContain('GATE SHELL');
    expect(shell.headers.get('cache-control')).toBe('no-store');
    expect(shell.headers.get('vary')).toMatch(/Cookie/);

    const viewer = await registeredUser(p, 'curious@lender.example');
    const unknown = await page('/no-such-page', viewer);
    expect(unknown.status).toBe(404);
    for (const token of [viewer, undefined, 'not-a-token']) {
      const reply = await page(ADMIN_PATH, token);
      expect(reply.status).toBe(unknown.status);
      expect(reply.text).toBe(unknown.text);
      expect(reply.headers.get('cache-control')).toBe(unknown.headers.get('cache-control'));
    }
    // An admin whose access ended is no admin of this deck any more.
    const second = await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'admin2@lender.example', role: 'admin' } });
    const link = new RegExp(`${INVITE_TOKEN_PARAM}=([A-Za-z0-9_-]+)`).exec(await latestMail(p, 'admin2@lender.example', 'invite'))![1]!;
    const accepted = await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: link, new_password: 'second-admin-pass-1' } });
    expect((await page(ADMIN_PATH, accepted.body.access_token)).status).toBe(200);
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE id = $1`, [second.body.user.id]);
    expect((await page(ADMIN_PATH, accepted.body.access_token)).text).toBe(unknown.text);
    expect((await p.call('GET', '/entities/User/me', { token: accepted.body.access_token })).status).toBe(403);
  });
});
