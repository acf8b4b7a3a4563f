import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestPlatform, type TestPlatform } from './harness.ts';

// Issue 9, finding 3 (pre-account takeover) and the account-revealing register of finding 8.
let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
}, 60_000);
afterAll(() => p?.close());

/** Every code mailed to `email` so far, oldest first (read from the server log, as the admin would). */
const codesFor = (email: string) =>
  p.logs.filter((line) => line.startsWith(`[outbox] to ${email}`)).flatMap((line) => /code is (\d{6})/.exec(line)?.[1] ?? []);

const register = (email: string, password: string) => p.call('POST', '/auth/register', { body: { email, password } });
const verify = (email: string, code: string) => p.call('POST', '/auth/verify-otp', { body: { email, otp_code: code } });
const loginStatus = async (email: string, password: string) => (await p.call('POST', '/auth/login', { body: { email, password } })).status;
const invite = (email: string) => p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: email, role: 'user' } });

describe('finding 3: a later registration never decides a pending account’s password', () => {
  it('invite → partner registers P1 → attacker registers P2 → partner enters the newest code: neither P1 nor P2 works; the partner chooses one', async () => {
    const email = 'partner@lender.example';
    await invite(email);
    expect((await register(email, 'partner-password-1')).status).toBe(200);
    expect((await register(email, 'attacker-password-2')).status).toBe(200);
    const stored = await p.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(stored.rows[0]!.password_hash).toBeNull();

    const codes = codesFor(email);
    expect(codes).toHaveLength(2);
    const verified = await verify(email, codes[1]!);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, password_required: true, reset_token: expect.any(String) });
    expect(verified.body.access_token).toBeUndefined();
    expect(await loginStatus(email, 'attacker-password-2')).toBe(401);
    expect(await loginStatus(email, 'partner-password-1')).toBe(401);
    // The other code died with the verification.
    expect((await verify(email, codes[0]!)).status).toBe(400);

    const chosen = await p.call('POST', '/auth/reset-password', { body: { reset_token: verified.body.reset_token, new_password: 'partner-chosen-password-3' } });
    expect(chosen.status).toBe(200);
    const token = await p.login(email, 'partner-chosen-password-3');
    expect((await p.call('GET', '/entities/User/me', { token })).body).toMatchObject({ email, role: 'user', is_verified: true });
    expect(await loginStatus(email, 'attacker-password-2')).toBe(401);
  });

  it('the earlier code stays valid after a later registration, and still decides nothing', async () => {
    const email = 'early@lender.example';
    await invite(email);
    await register(email, 'partner-password-1');
    await register(email, 'attacker-password-2');
    const [first] = codesFor(email);
    const verified = await verify(email, first!);
    expect(verified.status).toBe(200);
    expect(verified.body.password_required).toBe(true);
    expect(await loginStatus(email, 'partner-password-1')).toBe(401);
    expect(await loginStatus(email, 'attacker-password-2')).toBe(401);
  });

  it('a sole registration: the code signs the person in with the password they chose', async () => {
    const email = 'sole@lender.example';
    await invite(email);
    await register(email, 'sole-password-12');
    expect(await loginStatus(email, 'sole-password-12')).toBe(401); // no password before the mailbox is proven
    const verified = await verify(email, codesFor(email)[0]!);
    expect(verified.status).toBe(200);
    expect(verified.body.password_required).toBeUndefined();
    expect(verified.headers.get('set-cookie')).toContain(`deck_session=${verified.body.access_token}`);
    expect((await p.call('GET', '/entities/User/me', { token: verified.body.access_token })).body.email).toBe(email);
    expect(await loginStatus(email, 'sole-password-12')).toBe(200);
  });

  it('a resent code carries the sole registration’s password', async () => {
    const email = 'resend@lender.example';
    await invite(email);
    await register(email, 'resend-password-1');
    expect((await p.call('POST', '/auth/resend-otp', { body: { email } })).status).toBe(200);
    const codes = codesFor(email);
    expect(codes).toHaveLength(2);
    expect((await verify(email, codes[1]!)).body.access_token).toEqual(expect.any(String));
    expect(await loginStatus(email, 'resend-password-1')).toBe(200);
  });

  it('registering a verified address answers like a new one, changes nothing and tells the owner', async () => {
    const fresh = await register('brand-new@lender.example', 'stranger-password-1');
    const known = await register(ADMIN.email, 'stranger-password-1');
    expect(known.status).toBe(fresh.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(known.body.message).toBe(fresh.body.message);
    expect(known.body.email).toBe(ADMIN.email);
    expect(codesFor(ADMIN.email)).toEqual([]);
    const notice = p.logs.find((line) => line.startsWith(`[outbox] to ${ADMIN.email}`));
    expect(notice).toMatch(/Someone tried to create an account with this address/);
    expect(await loginStatus(ADMIN.email, 'stranger-password-1')).toBe(401);
    expect(await loginStatus(ADMIN.email, ADMIN.password)).toBe(200);
  });

  it('a code cannot be used on an account that is already verified', async () => {
    const email = 'late@lender.example';
    await invite(email);
    await register(email, 'late-password-12');
    expect((await verify(email, codesFor(email)[0]!)).status).toBe(200);
    await register(email, 'attacker-password-2');
    expect(codesFor(email)).toHaveLength(1);
    expect(await loginStatus(email, 'late-password-12')).toBe(200);
  });
});
