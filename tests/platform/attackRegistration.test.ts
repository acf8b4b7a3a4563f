import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, latestMail, startTestPlatform, type TestPlatform } from './harness.ts';

// Pre-account takeover, an account-revealing register, and codes mailed to strangers.
let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
}, 60_000);
afterAll(() => p?.close());

/** Every code mailed to `email` so far, oldest first (read from the server log, as the admin would). */
const codesFor = (email: string) => p.logs.filter((line) => line.startsWith(`[outbox] to ${email}`)).flatMap((line) => /code is (\d{6})/.exec(line)?.[1] ?? []);

const register = (email: string, password: string) => p.call('POST', '/auth/register', { body: { email, password } });
const verify = (email: string, code: string) => p.call('POST', '/auth/verify-otp', { body: { email, otp_code: code } });
const loginStatus = async (email: string, password: string) => (await p.call('POST', '/auth/login', { body: { email, password } })).status;
const invite = (email: string) => p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: email, role: 'user' } });

describe('a later registration never decides a pending account’s password', () => {
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

    const chosen = await p.call('POST', '/auth/reset-password', {
      body: { reset_token: verified.body.reset_token, new_password: 'partner-chosen-password-3' },
    });
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

describe('reset links die with the password; passwords are long and uncommon', () => {
  const resetLinks = (email: string) =>
    p.logs
      .filter((line) => line.startsWith(`[outbox] to ${email}`))
      .flatMap((line) => /reset_token=([^\s&]+)/.exec(line)?.[1] ?? [])
      .map(decodeURIComponent);
  const reset = (token: string, password: string) => p.call('POST', '/auth/reset-password', { body: { reset_token: token, new_password: password } });

  it('using one reset link kills every other outstanding link', async () => {
    const email = 'links@lender.example';
    await invite(email);
    await register(email, 'links-password-1');
    await verify(email, codesFor(email)[0]!);
    await p.call('POST', '/auth/reset-password-request', { body: { email } });
    await p.call('POST', '/auth/reset-password-request', { body: { email } });
    const [first, second] = resetLinks(email);
    expect((await reset(first!, 'links-password-2')).status).toBe(200);
    const stale = await reset(second!, 'links-password-3');
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toMatch(/^reset_token:/);
    expect(await loginStatus(email, 'links-password-2')).toBe(200);
  });

  it('changing the password kills outstanding reset links', async () => {
    const email = 'changer@lender.example';
    await invite(email);
    await register(email, 'changer-password-1');
    const token = (await verify(email, codesFor(email)[0]!)).body.access_token as string;
    await p.call('POST', '/auth/reset-password-request', { body: { email } });
    const me = (await p.call('GET', '/entities/User/me', { token })).body;
    const changed = await p.call('POST', '/auth/change-password', {
      token,
      body: { user_id: me.id, current_password: 'changer-password-1', new_password: 'changer-password-2' },
    });
    expect(changed.status).toBe(200);
    expect((await reset(resetLinks(email)[0]!, 'stolen-link-password-3')).status).toBe(400);
    expect(await loginStatus(email, 'changer-password-2')).toBe(200);
  });

  it('refuses passwords under 12 characters and commonly breached ones, naming the field, in register, reset and change', async () => {
    const short = await register('short@lender.example', 'elevenchars');
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('password: must be at least 12 characters');
    for (const common of ['passwordpassword', 'QWERTY123456', '1q2w3e4r5t6y']) {
      const reply = await register('common@lender.example', common);
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toBe('password: is among commonly breached passwords; choose another');
    }
    await p.call('POST', '/auth/reset-password-request', { body: { email: 'links@lender.example' } });
    const viaReset = await reset(resetLinks('links@lender.example').at(-1)!, 'passwordpassword');
    expect(viaReset.body.detail).toBe('new_password: is among commonly breached passwords; choose another');
    // The refused attempt did not spend the link.
    expect((await reset(resetLinks('links@lender.example').at(-1)!, 'links-password-4')).status).toBe(200);
    const token = await p.login(ADMIN.email, ADMIN.password);
    const me = (await p.call('GET', '/entities/User/me', { token })).body;
    const viaChange = await p.call('POST', '/auth/change-password', {
      token,
      body: { user_id: me.id, current_password: ADMIN.password, new_password: 'qwerty123456' },
    });
    expect(viaChange.status).toBe(400);
    expect(viaChange.body.detail).toBe('new_password: is among commonly breached passwords; choose another');
  });

  it('resend-otp and reset-password-request answer alike for known and unknown addresses; the mail follows the reply', async () => {
    for (const path of ['/auth/resend-otp', '/auth/reset-password-request']) {
      const known = await p.call('POST', path, { body: { email: 'sole@lender.example' } });
      const unknown = await p.call('POST', path, { body: { email: 'nobody-at-all@lender.example' } });
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
    }
    expect(resetLinks('sole@lender.example')).toHaveLength(1);
    expect(p.logs.some((line) => line.includes('nobody-at-all@lender.example'))).toBe(false);
  });
});

describe('codes and reset links are stored only as hashes', () => {
  it('after a registration and a reset request, no table and no file of the data folder holds the code or the link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'secrets-data-'));
    try {
      const disk = await startTestPlatform('private_with_login', { dataDir });
      let code = '';
      let token = '';
      try {
        await disk.call('POST', '/auth/register', { body: { email: 'disk@lender.example', password: 'disk-password-12' } });
        code = /code is (\d{6})/.exec(await latestMail(disk, 'disk@lender.example', 'otp'))![1]!;
        await disk.call('POST', '/auth/reset-password-request', { body: { email: ADMIN.email } });
        token = decodeURIComponent(/reset_token=([^\s&]+)/.exec(await latestMail(disk, ADMIN.email, 'reset'))![1]!);
        expect(token.length).toBeGreaterThan(40);

        const tables = await disk.db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
        expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['outbox', 'one_time_codes']));
        for (const { table_name } of tables.rows) {
          const text = (await disk.db.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`)).rows.map((row) => row.row).join('\n');
          expect(text, table_name).not.toContain(token);
          expect(text, table_name).not.toContain(code);
        }
        // What the admin reads instead: the mail without its secret.
        const stored = await disk.call('GET', '/entities/Outbox?sort=-created_date', { token: disk.serviceToken });
        expect(stored.body.map((mail: { body: string }) => mail.body).join('\n')).toMatch(/hidden: shown only in the server log/);
      } finally {
        await disk.close();
      }
      const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.length).toBeGreaterThan(100);
      for (const file of files) {
        const bytes = readFileSync(join(file.parentPath, file.name));
        expect(bytes.includes(token), file.name).toBe(false);
        expect(bytes.includes(`code is ${code}`), file.name).toBe(false);
        expect(bytes.includes(`"${code}"`), file.name).toBe(false);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

// Anyone could make the deck mail codes to arbitrary addresses, each leaving a
// user row behind. Now an address with no account gets no row until its code comes back, and the
// codes to such addresses have one deck-wide budget an hour.
describe('codes to addresses never seen', () => {
  it('leave no user row until the code proves the mailbox; the row then exists, verified', async () => {
    const email = 'new-person@elsewhere.example';
    expect((await register(email, 'new-person-password-1')).status).toBe(200);
    await p.settled();
    const rows = () => p.db.query<{ email_verified: boolean }>('SELECT email_verified FROM users WHERE email = $1', [email]).then((r) => r.rows);
    expect(await rows()).toEqual([]);
    expect(codesFor(email)).toHaveLength(1);
    expect((await verify(email, codesFor(email)[0]!)).status).toBe(200);
    expect(await rows()).toEqual([{ email_verified: true }]);
    expect(await loginStatus(email, 'new-person-password-1')).toBe(200);
  });

  it('have a deck-wide budget an hour (NEW_ADDRESS_CODES_PER_HOUR): beyond it every sign-up is a 429, the same for any address', async () => {
    const capped = await startTestPlatform('private_with_login', { newAddressCodesPerHour: 5 });
    try {
      // One after another: a client address has one sign-up call running at a time (clientGate.ts).
      const replies = [];
      for (let i = 0; i < 8; i += 1) {
        replies.push(await capped.call('POST', '/auth/register', { body: { email: `stranger${i}@spam.example`, password: `stranger-password-${i}x` } }));
      }
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(replies.find((reply) => reply.status === 429)!.body.detail).toMatch(/^Too many sign-ups right now; try again in (\d+ min|1 h)$/);
      const mailed = capped.logs.filter((line) => /^\[outbox\] to stranger\d@spam\.example \(otp\)/.test(line));
      expect(mailed).toHaveLength(5);
      const rows = await capped.db.query(`SELECT 1 FROM users WHERE email LIKE '%@spam.example'`);
      expect(rows.rows).toHaveLength(0);
    } finally {
      await capped.close();
    }
  });

  it('an address with an account gives its place back: an invited person’s sign-up does not use up the budget', async () => {
    const capped = await startTestPlatform('private_with_login', { newAddressCodesPerHour: 1 });
    try {
      for (const email of ['invited-a@lender.example', 'invited-b@lender.example']) {
        await capped.call('POST', '/users/invite-user', { token: capped.serviceToken, body: { user_email: email, role: 'user' } });
        expect((await capped.call('POST', '/auth/register', { body: { email, password: 'invited-password-12' } })).status, email).toBe(200);
      }
      expect((await capped.call('POST', '/auth/register', { body: { email: 'new@spam.example', password: 'stranger-password-1' } })).status).toBe(200);
      expect((await capped.call('POST', '/auth/register', { body: { email: 'new2@spam.example', password: 'stranger-password-2' } })).status).toBe(429);
    } finally {
      await capped.close();
    }
  });
});
