import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, INVITE_TOKEN_PARAM } from '../../schemas/accessWire.ts';
import { STATUS_CALL } from '../../schemas/statusPaths.ts';
import { issueInviteLink, inviteLinkStatus } from '../../src/platform/identity/inviteLinks.ts';
import { findUserByEmail } from '../../src/platform/identity/users.ts';
import { ADMIN, latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// Every ended session and dead link says its real reason. A session ended by the
// person's own password change, reset or invitation is not "access ended"; a reset link is judged
// before a password is typed; an invitation a password change ended does not say "replaced".
let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { publicUrl: 'https://deck.example' });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(() => p?.close());

const sessionStatus = (token?: string) => p.call('POST', STATUS_CALL.sessionStatus, token ? { token } : {});
const resetStatus = (resetToken: unknown) => p.call('POST', STATUS_CALL.resetStatus, { body: { reset_token: resetToken } });
const inviteStatus = (inviteToken: string) => p.call('POST', ACCESS_CALL.inviteStatus, { body: { invite_token: inviteToken } });
const idOf = async (token: string) => (await p.call('GET', '/entities/User/me', { token })).body.id as string;

async function resetLink(email: string): Promise<string> {
  expect((await p.call('POST', '/auth/reset-password-request', { body: { email } })).status).toBe(200);
  return /reset_token=([A-Za-z0-9_-]+)/.exec(await latestMail(p, email, 'reset'))![1]!;
}

async function inviteLink(email: string): Promise<string> {
  const mail = await latestMail(p, email, 'invite');
  return new RegExp(`${INVITE_TOKEN_PARAM}=([A-Za-z0-9_-]+)`).exec(mail)![1]!;
}

describe('why a session ended', () => {
  it('is live while it is, and names the person’s own password change, reset or sign-out, or an admin’s revocation', async () => {
    const tab = await registeredUser(p, 'sessions@lender.example', 'first-password-1');
    const phone = await p.login('sessions@lender.example', 'first-password-1');
    expect((await sessionStatus(tab)).body).toEqual({ state: 'live', reason: null });

    const changed = await p.call('POST', ACCESS_CALL.changePassword, {
      token: tab,
      body: { user_id: await idOf(tab), current_password: 'first-password-1', new_password: 'second-password-2' },
    });
    expect(changed.status).toBe(200);
    expect((await sessionStatus(phone)).body).toEqual({ state: 'ended', reason: 'password_changed' });
    expect((await sessionStatus(changed.body.access_token)).body).toEqual({ state: 'live', reason: null });

    const laptop = await p.login('sessions@lender.example', 'second-password-2');
    const reset = await resetLink('sessions@lender.example');
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: reset, new_password: 'third-password-3' } })).status).toBe(200);
    expect((await sessionStatus(laptop)).body).toEqual({ state: 'ended', reason: 'password_reset' });

    const browser = await p.login('sessions@lender.example', 'third-password-3');
    expect((await p.call('POST', '/auth/logout', { token: browser })).status).toBe(200);
    expect((await sessionStatus(browser)).body).toEqual({ state: 'ended', reason: 'signed_out' });

    const last = await p.login('sessions@lender.example', 'third-password-3');
    expect((await p.call('POST', ACCESS_CALL.revoke(await idOf(last)), { token: admin })).status).toBe(200);
    expect((await sessionStatus(last)).body).toEqual({ state: 'ended', reason: 'access_revoked' });
  });

  it('names access that reached the end an admin set, for a token still live', async () => {
    const token = await registeredUser(p, 'expiring@lender.example', 'first-password-1');
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = 'expiring@lender.example'`);
    expect((await sessionStatus(token)).body).toEqual({ state: 'ended', reason: 'access_expired' });
  });

  it('tells a token it never issued, or none, nothing but “unknown”', async () => {
    expect((await sessionStatus('x'.repeat(43))).body).toEqual({ state: 'ended', reason: 'unknown' });
    expect((await sessionStatus()).body).toEqual({ state: 'ended', reason: 'unknown' });
  });
});

describe('a reset link, before any password is typed', () => {
  it('is valid until used, then says it was used; a link the password changed past says so; a past one expired', async () => {
    await registeredUser(p, 'resets@lender.example', 'first-password-1');
    const first = await resetLink('resets@lender.example');
    const second = await resetLink('resets@lender.example');
    expect((await resetStatus(first)).body).toMatchObject({ state: 'valid' });
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: first, new_password: 'second-password-2' } })).status).toBe(200);
    expect((await resetStatus(first)).body).toMatchObject({ state: 'used', message: expect.stringMatching(/already used/) });
    // The other link died with the old password: not "used", and nothing was typed to learn it.
    expect((await resetStatus(second)).body).toMatchObject({ state: 'password_changed', message: expect.stringMatching(/changed after this link was sent/) });
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: second, new_password: 'third-password-3' } })).status).toBe(400);

    const late = await resetLink('resets@lender.example');
    await p.db.query(`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE kind = 'reset' AND used_at IS NULL`);
    expect((await resetStatus(late)).body).toMatchObject({ state: 'expired', message: expect.stringMatching(/one hour/) });
    expect((await resetStatus('y'.repeat(43))).body).toMatchObject({ state: 'unknown' });
  });

  it('refuses a malformed check naming the field', async () => {
    const reply = await resetStatus(42);
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toMatch(/^reset_token: /);
  });
});

describe('an invitation link', () => {
  it('killed by the person’s own password change says so, not “a newer one replaced it”', async () => {
    expect((await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'twice@lender.example' } })).status).toBe(200);
    const first = await inviteLink('twice@lender.example');
    expect((await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: first, new_password: 'chosen-password-1' } })).status).toBe(200);
    expect((await inviteStatus(first)).body.state).toBe('used');

    // Invited, then the person sets a password through a reset link: the outstanding invitation ends.
    expect((await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'resetter@lender.example' } })).status).toBe(200);
    const pending = await inviteLink('resetter@lender.example');
    const reset = await resetLink('resetter@lender.example');
    expect((await p.call('POST', '/auth/reset-password', { body: { reset_token: reset, new_password: 'chosen-password-2' } })).status).toBe(200);
    expect((await inviteStatus(pending)).body).toMatchObject({ state: 'password_changed', message: expect.stringMatching(/chosen a password since/) });
    const refused = await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: pending, new_password: 'another-password-3' } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^invite_token: is no longer needed/);
  });

  it('works until the instant before its end, and not at its end', async () => {
    expect((await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'instant@lender.example' } })).status).toBe(200);
    const person = (await findUserByEmail(p.db, p.appId, 'instant@lender.example'))!;
    const { token, endsAt } = await issueInviteLink(p.db, person);
    const at = (ms: number) => inviteLinkStatus(p.db, p.appId, token, new Date(endsAt.getTime() + ms));
    expect((await at(-1)).state).toBe('valid');
    expect((await at(0)).state, 'a link still worked at its end').toBe('expired');
  });

  it('withdrawn, then the person invited again: the old link says it expired, not that a password was chosen', async () => {
    expect((await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'again@lender.example' } })).status).toBe(200);
    const withdrawn = await inviteLink('again@lender.example');
    const users = await p.call('GET', `/entities/User?q=${encodeURIComponent('{"email":"again@lender.example"}')}`, { token: admin });
    expect((await p.call('POST', ACCESS_CALL.revoke(users.body[0].id), { token: admin })).status).toBe(200);
    expect((await inviteStatus(withdrawn)).body.state).toBe('revoked');
    expect((await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'again@lender.example' } })).status).toBe(200);
    expect((await inviteStatus(withdrawn)).body).toMatchObject({ state: 'expired', message: expect.stringMatching(/has expired/) });
    expect((await inviteStatus(await inviteLink('again@lender.example'))).body.state).toBe('valid');
  });
});
