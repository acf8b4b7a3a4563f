import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, INVITE_TOKEN_PARAM } from '../../schemas/accessWire.ts';
import { futureExpiry } from '../../src/platform/identity/invitations.ts';
import { LAST_SEEN_EVERY_MS, noteSeen } from '../../src/platform/identity/lastSeen.ts';
import { HIDDEN_MARK } from '../../src/platform/mail/outbox.ts';
import type { UserRow } from '../../src/platform/identity/users.ts';
import { ADMIN, latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// One-link invitations, their status and acceptance, resending, expiry, and what an
// admin may change on a person. Links are read from the server log, as a person reads their mail.
let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  // trustProxy: the parallel accepts below come from two clients (one client has one sign-in call at a time).
  p = await startTestPlatform('private_with_login', { publicUrl: 'https://deck.example', trustProxy: true });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(() => p?.close());

const invite = (body: unknown, token = admin) => p.call('POST', ACCESS_CALL.invite, { token, body });
const status = (inviteToken: string) => p.call('POST', ACCESS_CALL.inviteStatus, { body: { invite_token: inviteToken } });
const accept = (inviteToken: string, newPassword = 'partner-chosen-pass-1', client = '192.0.2.1') =>
  p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: inviteToken, new_password: newPassword }, headers: { 'X-Forwarded-For': client } });

/** The token of the newest invitation link mailed to `email`. */
async function linkToken(email: string): Promise<string> {
  const mail = await latestMail(p, email, 'invite');
  const match = new RegExp(`https://deck\\.example/login\\?${INVITE_TOKEN_PARAM}=([A-Za-z0-9_-]+)`).exec(mail);
  if (!match) throw new Error(`no invitation link in: ${mail}`);
  return match[1]!;
}

/** Rows of the tables an invitation writes, to show a refused one wrote nothing. */
async function counts() {
  const one = async (sql: string) => Number((await p.db.query<{ n: number }>(sql)).rows[0]!.n);
  return {
    users: await one('SELECT count(*)::int AS n FROM users'),
    outbox: await one('SELECT count(*)::int AS n FROM outbox'),
    codes: await one('SELECT count(*)::int AS n FROM one_time_codes'),
    updated: (await p.db.query<{ u: string }>('SELECT max(updated_date) AS u FROM users')).rows[0]!.u,
  };
}

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describe('inviting', () => {
  it('mails one link that names who the deck is prepared for and works once; the stored copy hides it', async () => {
    const reply = await invite({
      user_email: 'Lena@Lender.example',
      role: 'user',
      expires_at: nextYear,
      prepared_for: { name: 'Lena Park', company: 'Lender Bank' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, email: 'lena@lender.example', role: 'user' });
    expect(reply.body.user).toMatchObject({
      email: 'lena@lender.example',
      is_registered: true,
      joined_at: null,
      revoked_at: null,
      expires_at: `${nextYear}T23:59:59.999Z`,
      prepared_for: { name: 'Lena Park', company: 'Lender Bank' },
    });
    expect(Date.parse(reply.body.user.invited_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(reply.body.user).not.toHaveProperty('password_hash');

    const mail = await latestMail(p, 'lena@lender.example', 'invite');
    expect(mail).toContain('prepared for Lena Park, Lender Bank');
    expect(mail).toMatch(/works once/);
    const token = await linkToken('lena@lender.example');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.logs.filter((line) => line.startsWith('[outbox] to lena@lender.example (invite)'))).toHaveLength(1);
    const stored = await p.call('GET', `/entities/Outbox?q=${encodeURIComponent('{"to":"lena@lender.example"}')}`, { token: admin });
    expect(stored.body).toHaveLength(1);
    expect(stored.body[0].body).not.toContain(token);
    expect(stored.body[0].body).toContain(HIDDEN_MARK);
    // Only the token's digest is kept.
    const kept = await p.db.query<{ code_hash: string }>(`SELECT code_hash FROM one_time_codes WHERE kind = 'invite'`);
    expect(kept.rows.map((row) => row.code_hash)).not.toContain(token);
  });

  it('refuses each bad invitation with a 400 naming the field, and writes nothing', async () => {
    await registeredUser(p, 'joined@lender.example');
    await invite({ user_email: 'waiting@lender.example' });
    const cases: Array<[unknown, RegExp]> = [
      [{ user_email: 'not-an-address' }, /^user_email: /],
      [{ user_email: 'new@lender.example', expires_at: '2020-01-01' }, /^expires_at: must be in the future$/],
      [{ user_email: 'new@lender.example', expires_at: 'next friday' }, /^expires_at: must be a date/],
      [{ user_email: 'new@lender.example', role: 'Boss!' }, /^role: /],
      [{ user_email: 'new@lender.example', prepared_for: { name: '' } }, /^prepared_for\.name: must not be empty$/],
      [{ user_email: 'new@lender.example', prepared_for: { name: 'A', title: 'x' } }, /^prepared_for\.title: is not a known field$/],
      [{ user_email: 'new@lender.example', favourite: 'x' }, /^favourite: is not a known field$/],
      [{ user_email: 'joined@lender.example' }, /^user_email: is already invited; use Resend invitation$/],
      [{ user_email: 'Waiting@Lender.example' }, /^user_email: is already invited; use Resend invitation$/],
      [{ user_email: ADMIN.email, role: 'user' }, /^user_email: is already an admin$/],
    ];
    for (const [body, detail] of cases) {
      const before = await counts();
      const reply = await invite(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.detail, JSON.stringify(body)).toMatch(detail);
      expect(await counts(), JSON.stringify(body)).toEqual(before);
    }
  });

  it('is for admins and the service role only', async () => {
    const viewer = await registeredUser(p, 'viewer1@lender.example');
    const target = (await p.call('GET', '/entities/User/me', { token: viewer })).body.id as string;
    const before = await counts();
    expect((await invite({ user_email: 'friend@lender.example' }, viewer)).status).toBe(403);
    expect((await p.call('POST', ACCESS_CALL.resendInvite(target), { token: viewer })).status).toBe(403);
    expect((await p.call('POST', ACCESS_CALL.revoke(target), { token: viewer })).status).toBe(403);
    expect((await p.call('POST', ACCESS_CALL.revoke(target))).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await invite({ user_email: 'service@lender.example' }, p.serviceToken)).status).toBe(200);
  });
});

describe('the invitation mail, word for word', () => {
  /** The newest invitation to `email` as its subject and its lines. */
  async function invitation(email: string): Promise<{ subject: string; lines: string[] }> {
    const [head, ...lines] = (await latestMail(p, email, 'invite')).split('\n');
    return { subject: head!.slice(`[outbox] to ${email} (invite): `.length), lines };
  }
  const linkLine = expect.stringMatching(/^https:\/\/deck\.example\/login\?invite_token=[A-Za-z0-9_-]{43}$/);
  const linkEnds = (email: string) =>
    expect.stringMatching(
      new RegExp(
        `^The link works once and until \\d{1,2} [A-Z][a-z]+ \\d{4} \\(UTC\\)\\. It is meant for ${email.replace('.', '\\.')} only; please do not forward it\\.$`,
      ),
    );
  const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  it("from a named admin, to a partner with a Prepared-for and an end of access: the inviter's name and address, the partner's own name and company, both dates", async () => {
    // Written straight to the database: the profile form trims a name, but one stored otherwise (an older platform) must not show its spaces.
    await p.db.query('UPDATE users SET full_name = $1 WHERE email = $2', ['  Ann Lee  ', ADMIN.email]);
    try {
      expect(
        (await invite({ user_email: 'rae@bank.example', role: 'user', expires_at: nextYear, prepared_for: { name: 'Rae Kim', company: 'Bank Co' } })).status,
      ).toBe(200);
      const mail = await invitation('rae@bank.example');
      expect(mail.subject).toBe('Ann Lee of Test Co invited you to the investor deck');
      expect(mail.lines.slice(0, 20)).toEqual([
        'Test Co',
        '',
        'You are invited to view the Test Co investor deck',
        '',
        'Dear Rae Kim,',
        '',
        'Ann Lee of Test Co invited you to view the Test Co investor deck, prepared for Rae Kim, Bank Co. It is a private presentation: only people invited by address can open it.',
        '',
        'The button opens the deck’s sign-in page, where you choose your password.',
        '',
        'Choose your password:',
        linkLine,
        '',
        linkEnds('rae@bank.example'),
        '',
        `Your access to the deck lasts until ${day(nextYear)} (UTC).`,
        '',
        `Sent by Ann Lee (${ADMIN.email}) of Test Co.`,
        '',
        '--',
      ]);
    } finally {
      await p.db.query('UPDATE users SET full_name = $2 WHERE email = $1', [ADMIN.email, ADMIN.name]);
    }
  });

  it('from an admin without a name: their address; a Prepared-for without a company; no end of access, no line about it', async () => {
    await p.db.query('UPDATE users SET full_name = NULL WHERE email = $1', [ADMIN.email]);
    try {
      expect((await invite({ user_email: 'sol@bank.example', role: 'user', prepared_for: { name: 'Sol Ray' } })).status).toBe(200);
    } finally {
      await p.db.query('UPDATE users SET full_name = $2 WHERE email = $1', [ADMIN.email, ADMIN.name]);
    }
    const mail = await invitation('sol@bank.example');
    expect(mail.subject).toBe(`${ADMIN.email} of Test Co invited you to the investor deck`);
    expect(mail.lines.slice(4, 16)).toEqual([
      'Dear Sol Ray,',
      '',
      `${ADMIN.email} of Test Co invited you to view the Test Co investor deck, prepared for Sol Ray. It is a private presentation: only people invited by address can open it.`,
      '',
      'The button opens the deck’s sign-in page, where you choose your password.',
      '',
      'Choose your password:',
      linkLine,
      '',
      linkEnds('sol@bank.example'),
      '',
      `Sent by ${ADMIN.email} of Test Co.`,
    ]);
    expect(mail.lines.join('\n')).not.toContain('Your access to the deck lasts');
  });

  it('from the service role (npm run invite): no inviter at all, and no Prepared-for: a plain greeting', async () => {
    expect((await invite({ user_email: 'tam@bank.example', role: 'user' }, p.serviceToken)).status).toBe(200);
    const mail = await invitation('tam@bank.example');
    expect(mail.subject).toBe('Test Co invited you to the investor deck');
    expect(mail.lines.slice(4, 7)).toEqual([
      'Hello,',
      '',
      'Test Co invited you to view the Test Co investor deck. It is a private presentation: only people invited by address can open it.',
    ]);
    expect(mail.lines.join('\n')).not.toContain('Sent by');
  });

  it('refuses an end of access that is not after now, to the millisecond', () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    expect(() => futureExpiry('2026-05-01T12:00:00.000Z', now), 'an end of access equal to now was taken').toThrow('expires_at: must be in the future');
    expect(futureExpiry('2026-05-01T12:00:00.001Z', now)?.toISOString()).toBe('2026-05-01T12:00:00.001Z');
    expect(futureExpiry(null, now)).toBeNull();
  });
});

describe('the invitation link', () => {
  it('tells its state without using it, then lets the person choose a password and signs them in', async () => {
    await invite({ user_email: 'omar@lender.example', prepared_for: { name: 'Omar Diaz' } });
    const token = await linkToken('omar@lender.example');
    for (let i = 0; i < 2; i++) {
      expect((await status(token)).body).toEqual({ state: 'valid', email: 'omar@lender.example', message: expect.any(String) });
    }
    expect((await status('x'.repeat(43))).body).toMatchObject({ state: 'unknown', message: expect.stringMatching(/not valid/) });
    expect((await accept('x'.repeat(43))).body.detail).toMatch(/^invite_token: is not valid/);
    expect((await p.call('POST', ACCESS_CALL.inviteStatus, { body: {} })).body.detail).toMatch(/^invite_token: /);

    // A refused password leaves the link working.
    const short = await accept(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.detail).toMatch(/^new_password: must be at least 12/);
    expect((await accept(token, 'password1234')).body.detail).toMatch(/^new_password: .*breached/);
    expect(
      (await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: token, new_password: 'partner-chosen-pass-1', extra: 1 } })).body.detail,
    ).toBe('extra: is not a known field');
    expect((await status(token)).body.state).toBe('valid');

    const response = await fetch(`${p.url}/api/apps/${p.appId}${ACCESS_CALL.acceptInvite}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invite_token: token, new_password: 'partner-chosen-pass-1', full_name: 'Omar D.' }),
    });
    expect(response.status).toBe(200);
    const accepted = (await response.json()) as { access_token: string; user: Record<string, unknown> };
    expect(response.headers.get('set-cookie')).toContain(`deck_session=${accepted.access_token}`);
    expect(accepted.user).toMatchObject({ email: 'omar@lender.example', is_verified: true, full_name: 'Omar D.' });
    expect(Date.parse(accepted.user.joined_at as string)).toBeGreaterThan(Date.now() - 60_000);
    const me = await p.call('GET', '/entities/User/me', { token: accepted.access_token });
    expect(me.status).toBe(200);
    // The cover reads the person's own "Prepared for".
    expect(me.body.prepared_for).toEqual({ name: 'Omar Diaz' });
    expect(me.body).not.toHaveProperty('password_hash');

    const again = await accept(token, 'another-long-pass-2');
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('invite_token: was already used: sign in with your password');
    expect((await status(token)).body).toMatchObject({ state: 'used' });
    expect((await p.login('omar@lender.example', 'partner-chosen-pass-1')).length).toBeGreaterThan(20);
    expect((await p.call('POST', '/auth/login', { body: { email: 'omar@lender.example', password: 'another-long-pass-2' } })).status).toBe(401);
  });

  it('two parallel accepts of one link: exactly one succeeds', async () => {
    await invite({ user_email: 'race@lender.example' });
    const token = await linkToken('race@lender.example');
    const replies = await Promise.all([accept(token, 'racer-one-password-1', '192.0.2.10'), accept(token, 'racer-two-password-2', '192.0.2.11')]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.status === 400)!.body.detail).toMatch(/^invite_token: was already used/);
    const winner = replies[0]!.status === 200 ? 'racer-one-password-1' : 'racer-two-password-2';
    expect((await p.call('POST', '/auth/login', { body: { email: 'race@lender.example', password: winner } })).status).toBe(200);
  });

  it('after the person expires: the link explains itself and grants nothing', async () => {
    await invite({ user_email: 'late@lender.example', expires_at: nextYear });
    const token = await linkToken('late@lender.example');
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = 'late@lender.example'`);
    expect((await status(token)).body).toMatchObject({ state: 'expired', message: expect.stringMatching(/expired/) });
    const refused = await accept(token);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^invite_token: has expired/);
    const row = await p.db.query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE email = 'late@lender.example'`);
    expect(row.rows[0]!.password_hash).toBeNull();
  });

  it('a link past its own end is expired; its lifetime ends with the person’s expiry when that is sooner', async () => {
    const soon = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    await invite({ user_email: 'short@lender.example', expires_at: soon });
    const ends = await p.db.query<{ expires_at: Date }>(
      `SELECT o.expires_at FROM one_time_codes o JOIN users u ON u.id = o.user_id WHERE u.email = 'short@lender.example' AND o.kind = 'invite'`,
    );
    expect(ends.rows[0]!.expires_at.toISOString()).toBe(soon);
    const token = await linkToken('short@lender.example');
    await p.db.query(
      `UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE kind = 'invite' AND user_id = (SELECT id FROM users WHERE email = 'short@lender.example')`,
    );
    expect((await status(token)).body.state).toBe('expired');
    expect((await accept(token)).status).toBe(400);
  });
});

describe('resending', () => {
  it('mails a fresh link and the earlier one dies; refused for joined, uninvited and ended people', async () => {
    const invited = await invite({ user_email: 'resend@lender.example' });
    const first = await linkToken('resend@lender.example');
    const resent = await p.call('POST', ACCESS_CALL.resendInvite(invited.body.user.id), { token: admin });
    expect(resent.status).toBe(200);
    const second = await linkToken('resend@lender.example');
    expect(second).not.toBe(first);
    // The dead link names the real reason.
    expect((await status(first)).body).toMatchObject({ state: 'replaced', message: expect.stringMatching(/newer invitation/) });
    expect((await accept(first)).status).toBe(400);
    expect((await status(second)).body.state).toBe('valid');

    const joinedToken = await registeredUser(p, 'done@lender.example');
    const joinedId = (await p.call('GET', '/entities/User/me', { token: joinedToken })).body.id;
    await registeredUser(p, 'stranger@elsewhere.example', 'stranger-pass-1', false);
    // Not admitted, the stranger cannot read their own record through the gate: the admin's list can.
    const listed = await p.call('GET', `/entities/User?q=${encodeURIComponent('{"email":"stranger@elsewhere.example"}')}`, { token: admin });
    const strangerId = listed.body[0].id as string;
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = 'resend@lender.example'`);
    const cases: Array<[string, string]> = [
      [joinedId, 'user: has already joined; they sign in with their password'],
      [strangerId, 'user: is not invited: invite them first'],
      [invited.body.user.id, 'user: access has expired: invite them again (with a later expiry) to restore it'],
    ];
    for (const [id, detail] of cases) {
      const before = await counts();
      const reply = await p.call('POST', ACCESS_CALL.resendInvite(id), { token: admin });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toBe(detail);
      expect(await counts()).toEqual(before);
    }
    expect((await p.call('POST', ACCESS_CALL.resendInvite('no-such-person'), { token: admin })).status).toBe(404);
  });

  it('an expired person is invited again: a new expiry, a working link', async () => {
    await invite({ user_email: 'again@lender.example', expires_at: nextYear });
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = 'again@lender.example'`);
    const reinvited = await invite({ user_email: 'again@lender.example', expires_at: `${new Date().getUTCFullYear() + 2}-01-31` });
    expect(reinvited.status).toBe(200);
    expect(reinvited.body.user.expires_at).toBe(`${new Date().getUTCFullYear() + 2}-01-31T23:59:59.999Z`);
    expect((await accept(await linkToken('again@lender.example'))).status).toBe(200);
  });
});

describe('an admin changing a person', () => {
  it('sets role, expiry, "Prepared for" and name; each bad value is a 400 naming the field, nothing written', async () => {
    const token = await registeredUser(p, 'edit@lender.example');
    const id = (await p.call('GET', '/entities/User/me', { token })).body.id;
    const put = (body: unknown, who = admin) => p.call('PUT', `/entities/User/${id}`, { token: who, body });
    const changed = await put({ expires_at: nextYear, prepared_for: { name: 'Edit Person', company: 'Lender' }, full_name: 'E. Person' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      expires_at: `${nextYear}T23:59:59.999Z`,
      prepared_for: { name: 'Edit Person', company: 'Lender' },
      full_name: 'E. Person',
    });
    expect((await p.call('GET', '/entities/User/me', { token })).body.prepared_for).toEqual({ name: 'Edit Person', company: 'Lender' });

    for (const [body, detail] of [
      [{ expires_at: '2020-01-01' }, /^expires_at: must be in the future$/],
      [{ prepared_for: { name: '' } }, /^prepared_for\.name: /],
      [{ prepared_for: 'Edit' }, /^prepared_for: /],
      [{ role: 'Chief!' }, /^role: /],
      [{ email: 'other@lender.example' }, /^email: cannot be changed here$/],
      [{ revoked_at: '2020-01-01T00:00:00.000Z', full_name: 'x' }, /^revoked_at: cannot be changed here$/],
      [{ joined: true }, /^joined: is not a profile field/],
    ] as Array<[unknown, RegExp]>) {
      const before = (await p.call('GET', `/entities/User/${id}`, { token: admin })).body;
      const reply = await put(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.detail).toMatch(detail);
      expect((await p.call('GET', `/entities/User/${id}`, { token: admin })).body).toEqual(before);
    }
    // The whole record sent back with one change is fine (unchanged fields are ignored).
    const whole = (await p.call('GET', `/entities/User/${id}`, { token: admin })).body;
    expect((await put({ ...whole, expires_at: null })).body.expires_at).toBeNull();
    expect((await put({ prepared_for: null })).body.prepared_for).toBeNull();
  });

  it('a viewer changes only their own name, never their expiry or "Prepared for"', async () => {
    const token = await registeredUser(p, 'self@lender.example');
    const me = (await p.call('GET', '/entities/User/me', { token })).body;
    expect((await p.call('PUT', '/entities/User/me', { token, body: { prepared_for: { name: 'Me' } } })).body.detail).toMatch(
      /^prepared_for: cannot be changed here$/,
    );
    expect((await p.call('PUT', `/entities/User/${me.id}`, { token, body: { expires_at: null, full_name: 'x' } })).status).toBe(200);
    expect((await p.call('PUT', `/entities/User/${me.id}`, { token, body: { expires_at: nextYear } })).body.detail).toMatch(
      /^expires_at: cannot be changed here$/,
    );
    expect((await p.call('PUT', '/entities/User/me', { token, body: { full_name: 'Self Person' } })).body.full_name).toBe('Self Person');
  });
});

describe('bookkeeping', () => {
  it('joined_at is set on the first sign-in; last_seen_at when the gate passes, at most once a minute', async () => {
    await invite({ user_email: 'seen@lender.example' });
    const accepted = await accept(await linkToken('seen@lender.example'));
    const joinedAt = accepted.body.user.joined_at;
    const token = await p.login('seen@lender.example', 'partner-chosen-pass-1');
    const seen = async () =>
      (await p.db.query<{ last_seen_at: Date | null; joined_at: Date }>(`SELECT last_seen_at, joined_at FROM users WHERE email = 'seen@lender.example'`))
        .rows[0]!;
    expect((await seen()).joined_at.toISOString()).toBe(joinedAt);
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(200);
    const first = (await seen()).last_seen_at;
    expect(first).not.toBeNull();
    expect(Date.now() - first!.getTime()).toBeLessThan(60_000);
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(200);
    expect((await seen()).last_seen_at!.getTime()).toBe(first!.getTime());
    // Listed for the admin in the console, as the SQL twin of the record shows it.
    const listed = await p.call('GET', `/entities/User?q=${encodeURIComponent('{"email":"seen@lender.example"}')}`, { token: admin });
    expect(listed.body[0]).toMatchObject({ joined_at: joinedAt, last_seen_at: first!.toISOString(), revoked_at: null, prepared_for: null });
  });

  it('the last-seen throttle writes once a minute per person, whatever the number of calls', async () => {
    const row = (await p.db.query<UserRow>(`SELECT * FROM users WHERE email = 'seen@lender.example'`)).rows[0]!;
    const caller = { kind: 'user' as const, user: row, digest: 'unused' };
    const lastSeen = async () => (await p.db.query<{ t: Date }>('SELECT last_seen_at AS t FROM users WHERE id = $1', [row.id])).rows[0]!.t.getTime();
    const start = Date.now() + 10 * LAST_SEEN_EVERY_MS;
    await noteSeen(p.db, caller, start);
    expect(await lastSeen()).toBe(start);
    await Promise.all([noteSeen(p.db, caller, start + 1000), noteSeen(p.db, caller, start + LAST_SEEN_EVERY_MS - 1)]);
    expect(await lastSeen()).toBe(start);
    await noteSeen(p.db, caller, start + LAST_SEEN_EVERY_MS);
    expect(await lastSeen()).toBe(start + LAST_SEEN_EVERY_MS);
  });
});
