import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  await p.addApp('withlogin', 'public_with_login', { email: 'a2@test.local', password: 'admin-password-2' });
  await p.addApp('open', 'public_without_login', { email: 'a3@test.local', password: 'admin-password-3' });
}, 60_000);
afterAll(() => p?.close());

const settings = (app: string, token?: string) =>
  p.call('GET', `/api/apps/public/prod/public-settings/by-id/${app}`, { raw: true, ...(token ? { token } : {}) });

describe('registration with a one-time code', () => {
  it('register mails a 6-digit code to the outbox and the log; verify-otp signs the user in', async () => {
    await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: 'Reg@Example.com', role: 'user' } });
    const registered = await p.call('POST', '/auth/register', { body: { email: 'reg@example.com', password: 'correct-horse-1' } });
    expect(registered.status).toBe(200);
    const mail = await latestMail(p, 'reg@example.com', 'otp');
    const code = /code is (\d{6})/.exec(mail)![1]!;
    expect(p.logs.some((line) => line.includes('[outbox] to reg@example.com') && line.includes(code))).toBe(true);

    // The password becomes the account's only once the code proves the mailbox.
    const early = await p.call('POST', '/auth/login', { body: { email: 'reg@example.com', password: 'correct-horse-1' } });
    expect(early.status).toBe(401);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await p.call('POST', '/auth/verify-otp', { body: { email: 'reg@example.com', otp_code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toMatch(/^otp_code:/);

    const verified = await p.call('POST', '/auth/verify-otp', { body: { email: 'reg@example.com', otp_code: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: 'reg@example.com', role: 'user', is_verified: true });
    const me = await p.call('GET', '/entities/User/me', { token: verified.body.access_token });
    expect(me.body.email).toBe('reg@example.com');

    const reused = await p.call('POST', '/auth/verify-otp', { body: { email: 'reg@example.com', otp_code: code } });
    expect(reused.status).toBe(400);
  });

  it('a code burns after 5 wrong tries, and resend-otp issues a new one', async () => {
    await p.call('POST', '/auth/register', { body: { email: 'burn@example.com', password: 'correct-horse-1' } });
    const code = /code is (\d{6})/.exec(await latestMail(p, 'burn@example.com', 'otp'))![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await p.call('POST', '/auth/verify-otp', { body: { email: 'burn@example.com', otp_code: wrongCode } });
    const late = await p.call('POST', '/auth/verify-otp', { body: { email: 'burn@example.com', otp_code: code } });
    expect(late.status).toBe(400);
    expect((await p.call('POST', '/auth/resend-otp', { body: { email: 'burn@example.com' } })).status).toBe(200);
    const fresh = /code is (\d{6})/.exec(await latestMail(p, 'burn@example.com', 'otp'))![1]!;
    const ok = await p.call('POST', '/auth/verify-otp', { body: { email: 'burn@example.com', otp_code: fresh } });
    expect(ok.status).toBe(200);
  });

  it('registering a verified address again answers 200 like a new address (its owner is told by mail)', async () => {
    const again = await p.call('POST', '/auth/register', { body: { email: ADMIN.email, password: 'whatever-password-123' } });
    expect(again.status).toBe(200);
    expect(await latestMail(p, ADMIN.email, 'account_exists')).toMatch(/Someone tried to create an account/);
  });

  it('names the bad field of a registration', async () => {
    const short = await p.call('POST', '/auth/register', { body: { email: 'x@example.com', password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.detail).toMatch(/^password: must be at least 12/);
    const email = await p.call('POST', '/auth/register', { body: { email: 'not-an-email', password: 'long-enough-1' } });
    expect(email.body.detail).toMatch(/^email:/);
  });
});

describe('the visibility gate', () => {
  it('private_with_login: no token → 403 auth_required on settings and app calls', async () => {
    for (const reply of [await settings(p.appId), await p.call('GET', '/entities/Thing')]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ detail: expect.any(String), code: 'auth_required', extra_data: { reason: 'auth_required' } });
    }
  });

  it('private_with_login: a signed-in user who was not invited gets 403 user_not_registered everywhere', async () => {
    const token = await registeredUser(p, 'stranger@example.com', 'stranger-pass-1', false);
    const calls = [
      await settings(p.appId, token),
      await p.call('GET', '/entities/User/me', { token }),
      await p.call('GET', '/entities/Thing', { token }),
      await p.call('POST', '/entities/Thing', { token, body: { a: 1 } }),
      await p.call('GET', '/agents/conversations', { token }),
      await p.call('POST', '/functions/anything', { token, body: {} }),
    ];
    for (const reply of calls) {
      expect(reply.status).toBe(403);
      expect(reply.body.extra_data).toEqual({ reason: 'user_not_registered' });
    }
    // Inviting them afterwards lets the same token in.
    await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: 'stranger@example.com' } });
    expect((await settings(p.appId, token)).body).toMatchObject({ id: p.appId, public_settings: 'private_with_login' });
    expect((await p.call('GET', '/entities/Thing', { token })).status).toBe(200);
  });

  it('public_with_login: any signed-in user counts as registered; no token → auth_required', async () => {
    expect((await settings('withlogin')).body.extra_data).toEqual({ reason: 'auth_required' });
    await p.call('POST', '/auth/register', { app: 'withlogin', body: { email: 'pub@example.com', password: 'public-pass-1' } });
    const code = /code is (\d{6})/.exec(await latestMail(p, 'pub@example.com', 'otp'))![1]!;
    // The stored copy the Outbox entity shows hides the code.
    const mail = await p.call('GET', `/entities/Outbox?q=${encodeURIComponent('{"to":"pub@example.com"}')}`, { app: 'withlogin', token: p.serviceToken });
    expect(mail.body[0].body).not.toContain(code);
    expect(mail.body[0].body).toMatch(/hidden: shown only in the server log/);
    const token = (await p.call('POST', '/auth/verify-otp', { app: 'withlogin', body: { email: 'pub@example.com', otp_code: code } })).body.access_token;
    expect((await settings('withlogin', token)).body.public_settings).toBe('public_with_login');
    expect((await p.call('GET', '/entities/User/me', { app: 'withlogin', token })).status).toBe(200);
  });

  it('public_without_login: no sign-in needed for app calls; me without a token is 401', async () => {
    expect((await settings('open')).body).toMatchObject({ id: 'open', public_settings: 'public_without_login' });
    expect((await p.call('GET', '/entities/Thing', { app: 'open' })).status).toBe(200);
    expect((await p.call('GET', '/entities/User/me', { app: 'open' })).status).toBe(401);
  });

  it('a dead token is 401 on app calls, but only "signed out" on public settings', async () => {
    expect((await p.call('GET', '/entities/Thing', { token: 'not-a-real-token' })).status).toBe(401);
    expect((await settings(p.appId, 'not-a-real-token')).body.extra_data).toEqual({ reason: 'auth_required' });
  });

  it('an unknown app is 404 in the platform shape', async () => {
    const reply = await p.call('GET', '/entities/Thing', { app: 'nope', token: p.serviceToken });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('app_not_found');
    expect(reply.body.detail).toBe('App nope not found');
  });
});

describe('passwords and sessions', () => {
  it('reset-password-request answers the same whether or not the email exists', async () => {
    await registeredUser(p, 'reset@example.com', 'old-password-1');
    const known = await p.call('POST', '/auth/reset-password-request', { body: { email: 'reset@example.com' } });
    const unknown = await p.call('POST', '/auth/reset-password-request', { body: { email: 'ghost@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });

  it('reset-password with the mailed token sets a new password, once, and ends old sessions', async () => {
    const before = await p.login('reset@example.com', 'old-password-1');
    const mail = await latestMail(p, 'reset@example.com', 'reset');
    const token = decodeURIComponent(/reset_token=([^\s&]+)/.exec(mail)![1]!);
    const reset = await p.call('POST', '/auth/reset-password', { body: { reset_token: token, new_password: 'new-password-1' } });
    expect(reset.status).toBe(200);
    expect((await p.call('GET', '/entities/User/me', { token: before })).status).toBe(401);
    expect(await p.login('reset@example.com', 'new-password-1')).toBeTruthy();
    const again = await p.call('POST', '/auth/reset-password', { body: { reset_token: token, new_password: 'other-password-1' } });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/^reset_token:/);
  });

  it('change-password needs the current password, revokes old tokens and returns a fresh one', async () => {
    const token = await registeredUser(p, 'change@example.com', 'first-password-1');
    const me = (await p.call('GET', '/entities/User/me', { token })).body;
    const wrong = await p.call('POST', '/auth/change-password', {
      token,
      body: { user_id: me.id, current_password: 'nope-nope-1', new_password: 'second-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toMatch(/^current_password:/);
    const other = await p.call('POST', '/auth/change-password', {
      token,
      body: { user_id: 'someone-else', current_password: 'first-password-1', new_password: 'second-password-1' },
    });
    expect(other.status).toBe(403);
    const ok = await p.call('POST', '/auth/change-password', {
      token,
      body: { user_id: me.id, current_password: 'first-password-1', new_password: 'second-password-1' },
    });
    expect(ok.status).toBe(200);
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(401);
    expect((await p.call('GET', '/entities/User/me', { token: ok.body.access_token })).status).toBe(200);
    await expect(p.login('change@example.com', 'first-password-1')).rejects.toThrow(/401/);
  });

  it('logout revokes the presented token and clears the session cookie', async () => {
    const token = await p.login(ADMIN.email, ADMIN.password);
    const out = await p.call('POST', '/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/deck_session=;.*Max-Age=0/);
    expect(out.body).toEqual({ success: true });
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(401);
  });

  it('logout without a token, or with one that is no session, still succeeds and logs no sign-out', async () => {
    const signOuts = async () => (await p.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'sign_out'`)).rows[0]!.n;
    const before = await signOuts();
    for (const token of [undefined, 'not-a-session-token-0123456789abcdefghijklmn']) {
      const out = await p.call('POST', '/auth/logout', { token });
      expect([out.status, out.body], `logout with ${token ?? 'no token'}`).toEqual([200, { success: true }]);
    }
    expect(await signOuts(), 'a sign-out entry without anyone signing out').toBe(before);
  });

  it('login sets an HttpOnly SameSite=Lax cookie carrying the token', async () => {
    const reply = await p.call('POST', '/auth/login', { body: ADMIN });
    const cookie = reply.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`deck_session=${reply.body.access_token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=604800/);
  });
});

describe('invitations, roles and the service role', () => {
  it('invite-user is for admins and the service role only', async () => {
    const user = await registeredUser(p, 'plain@example.com');
    const denied = await p.call('POST', '/users/invite-user', { token: user, body: { user_email: 'friend@example.com', role: 'user' } });
    expect(denied.status).toBe(403);
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const ok = await p.call('POST', '/users/invite-user', { token: admin, body: { user_email: 'friend@example.com', role: 'user' } });
    expect(ok.body).toMatchObject({ success: true, email: 'friend@example.com', role: 'user' });
    expect(await latestMail(p, 'friend@example.com', 'invite')).toMatch(/\/login\?invite_token=[A-Za-z0-9_-]{43}\b/);
    const bad = await p.call('POST', '/users/invite-user', { token: admin, body: { user_email: 'nope' } });
    expect(bad.body.detail).toMatch(/^user_email:/);
  });

  it('updateMe cannot change role, email or id, nor store fields beyond the profile ones', async () => {
    const token = await registeredUser(p, 'climber@example.com');
    const me = (await p.call('GET', '/entities/User/me', { token })).body;
    expect((await p.call('PUT', '/entities/User/me', { token, body: { role: 'admin' } })).status).toBe(400);
    expect((await p.call('PUT', '/entities/User/me', { token, body: { email: 'boss@example.com' } })).status).toBe(400);
    expect((await p.call('PUT', `/entities/User/${me.id}`, { token, body: { role: 'admin' } })).status).toBe(400);
    expect((await p.call('PUT', '/entities/User/me', { token, body: { theme: 'dark' } })).body.detail).toMatch(/^theme: /);
    const updated = await p.call('PUT', '/entities/User/me', { token, body: { ...me, full_name: 'Cly Mber' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ role: 'user', email: 'climber@example.com', full_name: 'Cly Mber' });
    expect(updated.body).not.toHaveProperty('theme');
  });

  it('users read only themselves; admins read everyone', async () => {
    const token = await registeredUser(p, 'reader@example.com');
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const adminMe = (await p.call('GET', '/entities/User/me', { token: admin })).body;
    expect((await p.call('GET', '/entities/User', { token })).status).toBe(403);
    expect((await p.call('GET', `/entities/User/${adminMe.id}`, { token })).status).toBe(404);
    const all = await p.call('GET', `/entities/User?q=${encodeURIComponent('{"role":"admin"}')}`, { token: admin });
    expect(all.body.map((u: { email: string }) => u.email)).toEqual([ADMIN.email]);
    expect(JSON.stringify(all.body)).not.toMatch(/password|scrypt/);
  });

  it('an admin may change a role; the outbox is admin-only and read-only', async () => {
    const token = await registeredUser(p, 'promoted@example.com');
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const me = (await p.call('GET', '/entities/User/me', { token })).body;
    expect((await p.call('PUT', `/entities/User/${me.id}`, { token: admin, body: { role: 'admin' } })).body.role).toBe('admin');
    const plain = await registeredUser(p, 'peeker@example.com');
    expect((await p.call('GET', '/entities/Outbox', { token: plain })).status).toBe(403);
    expect((await p.call('POST', '/entities/Outbox', { token: admin, body: { to: 'x' } })).status).toBe(405);
  });

  it('sso/accesstoken issues a working token for a user, for the service role only', async () => {
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const me = (await p.call('GET', '/entities/User/me', { token: admin })).body;
    const refused = await p.call('GET', `/auth/sso/accesstoken/${me.id}`, { token: admin });
    expect([refused.status, refused.body]).toEqual([403, { detail: 'Only the service role may issue SSO tokens', code: 'forbidden' }]);
    // Signed out is refused the same way (the auth group has no gate in front of it).
    const anonymous = await p.call('GET', `/auth/sso/accesstoken/${me.id}`);
    expect([anonymous.status, anonymous.body]).toEqual([403, { detail: 'Only the service role may issue SSO tokens', code: 'forbidden' }]);
    const sso = await p.call('GET', `/auth/sso/accesstoken/${me.id}`, { token: p.serviceToken });
    expect(sso.status).toBe(200);
    expect((await p.call('GET', '/entities/User/me', { token: sso.body.access_token })).body.email).toBe(ADMIN.email);
    const unknown = await p.call('GET', '/auth/sso/accesstoken/unknown-user', { token: p.serviceToken });
    expect([unknown.status, unknown.body]).toEqual([404, { detail: 'User unknown-user not found', code: 'not_found' }]);
  });

  it("the running server's backup is the service role's alone: an admin and a viewer get 403 naming npm run backup", async () => {
    const refusal = { detail: 'Only the service role (npm run backup) may take a backup', code: 'forbidden' };
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const viewer = await registeredUser(p, 'no-backup@example.com');
    for (const token of [admin, viewer]) {
      const reply = await p.call('POST', '/platform/backup', { token });
      expect([reply.status, reply.body]).toEqual([403, refusal]);
    }
  });

  it('functions and integrations answer 404 "not provided", never a fake success', async () => {
    const admin = await p.login(ADMIN.email, ADMIN.password);
    for (const path of ['/functions/sendEmail', '/integration-endpoints/Core/InvokeLLM', '/integration-endpoints/installable/Pkg/integration-endpoints/Do']) {
      const reply = await p.call('POST', path, { token: admin, body: { a: 1 } });
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ code: 'not_provided', detail: expect.stringMatching(/local platform does not provide/) });
    }
    const whatsapp = await p.call('GET', `/whatsapp/${p.appId}/helper?token=x`, { raw: true });
    expect(whatsapp.status).toBe(404);
    expect(whatsapp.body.detail).toMatch(/local platform does not provide WhatsApp/);
  });
});
