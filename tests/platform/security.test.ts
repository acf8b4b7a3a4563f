import { hashPassword, PASSWORD_COST, passwordCost, verifyPassword } from '../../src/platform/identity/passwords.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../../src/platform/identity/attemptLimiter.ts';
import { LimitEvents } from '../../src/platform/identity/limitEvents.ts';
import { ClientThrottle, CLIENT_FREE_FAILURES, CLIENT_MAX_IN_FLIGHT } from '../../src/platform/identity/clientThrottle.ts';
import { tooManyAttempts } from '../../src/platform/identity/signInLimits.ts';
import { normalizeAddress } from '../../src/platform/identity/clientAddress.ts';
import { pruneDeadSecrets, sha256 } from '../../src/platform/identity/tokens.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
}, 60_000);
afterAll(() => p?.close());

describe('stored secrets', () => {
  it('hashes passwords with scrypt and a per-user salt', async () => {
    await registeredUser(p, 'twin1@example.com', 'same-password-1');
    await registeredUser(p, 'twin2@example.com', 'same-password-1');
    const rows = (await p.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email LIKE 'twin%' ORDER BY email`)).rows;
    const [a, b] = rows.map((row) => row.password_hash.split('$'));
    expect(a![0]).toBe('scrypt');
    expect(a![4]).not.toBe(b![4]); // salts differ
    expect(a![5]).not.toBe(b![5]); // so the hashes differ for one password
    expect(rows.some((row) => row.password_hash.includes('same-password-1'))).toBe(false);
  });

  it('hands out 256-bit random tokens and stores only their SHA-256', async () => {
    const one = await p.login(ADMIN.email, ADMIN.password);
    const two = await p.login(ADMIN.email, ADMIN.password);
    expect(one).not.toBe(two);
    expect(Buffer.from(one, 'base64url').length).toBe(32);
    const stored = (await p.db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens')).rows.map((row) => row.token_hash);
    expect(stored).toContain(sha256(one));
    expect(stored).not.toContain(one);
  });

  it('refuses an expired token', async () => {
    const token = await p.login(ADMIN.email, ADMIN.password);
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(200);
    await p.db.query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    expect((await p.call('GET', '/entities/User/me', { token })).status).toBe(401);
  });

  it('tokens expire 7 days after issue', async () => {
    const token = await p.login(ADMIN.email, ADMIN.password);
    const row = (
      await p.db.query<{ days: number }>('SELECT EXTRACT(EPOCH FROM (expires_at - created_at)) / 86400 AS days FROM access_tokens WHERE token_hash = $1', [
        sha256(token),
      ])
    ).rows[0]!;
    expect(Math.round(Number(row.days))).toBe(7);
  });

  it('start-up pruning drops expired and revoked tokens and keeps live ones', async () => {
    const live = await p.login(ADMIN.email, ADMIN.password);
    const revoked = await p.login(ADMIN.email, ADMIN.password);
    await p.call('POST', '/auth/logout', { token: revoked });
    await pruneDeadSecrets(p.db);
    const left = (await p.db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens')).rows.map((row) => row.token_hash);
    expect(left).toContain(sha256(live));
    expect(left).not.toContain(sha256(revoked));
    expect((await p.db.query('SELECT 1 FROM access_tokens WHERE expires_at < now() OR revoked_at IS NOT NULL')).rows).toEqual([]);
  });

  it('a wrong service token is just a dead token', async () => {
    expect((await p.call('GET', '/entities/Thing', { token: `${p.serviceToken}x` })).status).toBe(401);
    expect((await p.call('GET', '/entities/Thing', { token: p.serviceToken })).status).toBe(200);
  });
});

describe('failed sign-ins', () => {
  it('refuses the 6th attempt within 15 minutes with 429, even with the right password', async () => {
    await registeredUser(p, 'target@example.com', 'right-password-1');
    for (let i = 0; i < 5; i++) {
      const wrong = await p.call('POST', '/auth/login', { body: { email: 'target@example.com', password: `wrong-${i}-xxxx` } });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ detail: 'Invalid email or password', code: 'invalid_credentials' });
    }
    const locked = await p.call('POST', '/auth/login', { body: { email: 'TARGET@example.com', password: 'right-password-1' } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another account is not affected.
    expect(await p.login(ADMIN.email, ADMIN.password)).toBeTruthy();
  });

  it('limits mail-sending requests to 5 per email per 15 minutes, for known and unknown emails alike', async () => {
    for (const email of ['reset-me@example.com', 'nobody-here@example.com']) {
      if (email === 'reset-me@example.com') await registeredUser(p, email, 'reset-pass-1');
      for (let i = 0; i < 5; i++) {
        expect((await p.call('POST', '/auth/reset-password-request', { body: { email } })).status).toBe(200);
      }
      const sixth = await p.call('POST', '/auth/reset-password-request', { body: { email } });
      expect(sixth.status).toBe(429);
      expect(sixth.body.code).toBe('too_many_attempts');
    }
    const mails = await p.db.query(`SELECT 1 FROM outbox WHERE data->>'to' = 'reset-me@example.com' AND data->>'kind' = 'reset'`);
    expect(mails.rows).toHaveLength(5);
  });

  it('every sign-in limit answers one 429: seconds under a minute, else minutes rounded up, and Retry-After', () => {
    const said = (wait: number) => {
      const error = tooManyAttempts(wait);
      return [error.status, error.body.code, error.body.detail, error.headers['Retry-After']];
    };
    expect(said(59)).toEqual([429, 'too_many_attempts', 'Too many sign-in attempts; try again in 59 s', '59']);
    expect(said(60)).toEqual([429, 'too_many_attempts', 'Too many sign-in attempts; try again in 1 min', '60']);
    expect(said(61)).toEqual([429, 'too_many_attempts', 'Too many sign-in attempts; try again in 2 min', '61']);
    expect(said(900)).toEqual([429, 'too_many_attempts', 'Too many sign-in attempts; try again in 15 min', '900']);
  });

  it('an unknown email fails like a wrong password', async () => {
    const reply = await p.call('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'whatever-123' } });
    expect(reply.status).toBe(401);
    expect(reply.body.detail).toBe('Invalid email or password');
  });

  it('the limiter window slides: attempts older than 15 minutes no longer count; a refund gives a place back', async () => {
    let now = 0;
    const limiter = new AttemptLimiter(new LimitEvents(p.db, () => now), 'slide', 5, 15 * 60_000);
    for (let i = 0; i < 5; i++) expect(await limiter.reserve('k')).toBe(0);
    expect(await limiter.reserve('k')).toBe(900);
    now += 10 * 60_000;
    expect(await limiter.retryAfterSeconds('k')).toBe(300);
    now += 5 * 60_000 + 1;
    expect(await limiter.retryAfterSeconds('k')).toBe(0);
    for (let i = 0; i < 5; i++) await limiter.reserve('k');
    await limiter.refund('k');
    expect(await limiter.reserve('k')).toBe(0);
    expect(await limiter.reserve('k')).toBeGreaterThan(0);
    await limiter.reset('k');
    expect(await limiter.retryAfterSeconds('k')).toBe(0);
  });

  it('several places at once: the wait is until enough of the oldest free up, the whole window when they never fit', async () => {
    let now = 0;
    const limiter = new AttemptLimiter(new LimitEvents(p.db, () => now), 'several', 5, 15 * 60_000);
    expect(await limiter.reserve('fresh', 6), 'six places of five never fit: the whole window').toBe(900);
    expect(await limiter.retryAfterSeconds('fresh'), 'a refused reservation takes no place').toBe(0);
    for (let minute = 0; minute < 5; minute++) {
      now = minute * 60_000;
      expect(await limiter.reserve('k')).toBe(0);
    }
    now = 5 * 60_000;
    // Two more places: the attempts of minutes 0 and 1 must leave, so the one of minute 1 decides.
    expect(await limiter.reserve('k', 2)).toBe(11 * 60);
    expect(await limiter.reserve('k', 5), 'exactly five: the youngest of the five decides').toBe(14 * 60);
    now = 15 * 60_000 + 1;
    // Only minute 0's attempt has left; the refused reservations above took nothing.
    expect(await limiter.reserve('k')).toBe(0);
    expect(await limiter.reserve('k')).toBeGreaterThan(0);
  });

  it('each limiter locks its own keys', () => {
    const events = new LimitEvents(p.db);
    const signIn = new AttemptLimiter(events, 'signin', 5, 60_000);
    const codes = new AttemptLimiter(events, 'codes', 5, 60_000);
    expect(signIn.lockKey('k')).toEqual(expect.stringContaining('k'));
    expect(signIn.lockKey('k')).toBe(new AttemptLimiter(events, 'signin', 9, 1).lockKey('k'));
    expect(signIn.lockKey('k')).not.toBe(codes.lockKey('k'));
    expect(signIn.lockKey('k')).not.toBe(signIn.lockKey('j'));
  });

  it('a burst of 30 parallel reservations on one key takes exactly the 5 places, never more', async () => {
    const limiter = new AttemptLimiter(new LimitEvents(p.db), 'burst', 5, 15 * 60_000);
    const waits = await Promise.all(Array.from({ length: 30 }, () => limiter.reserve('k')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it(`a client address gets ${CLIENT_MAX_IN_FLIGHT} call(s) in flight, then delays that double after ten failures`, async () => {
    let now = 0;
    const throttle = new ClientThrottle(new LimitEvents(p.db, () => now));
    for (let i = 0; i < CLIENT_MAX_IN_FLIGHT; i++) throttle.enter('a');
    expect(throttle.inFlightFull('a')).toBe(true);
    expect(throttle.inFlightFull('b')).toBe(false);
    for (let i = 0; i < CLIENT_MAX_IN_FLIGHT; i++) throttle.leave('a');
    expect(throttle.inFlightFull('a')).toBe(false);
    // A slot is freed one at a time: one more than the cap, then one leaves, is still at the cap.
    for (let i = 0; i <= CLIENT_MAX_IN_FLIGHT; i++) throttle.enter('c');
    throttle.leave('c');
    expect(throttle.inFlightFull('c'), 'one leave frees one slot').toBe(true);
    throttle.leave('c');
    expect(throttle.inFlightFull('c')).toBe(false);
    for (let i = 0; i < CLIENT_FREE_FAILURES; i++) {
      expect(await throttle.backoffSeconds('a')).toBe(0);
      await throttle.fail('a');
    }
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wait = await throttle.backoffSeconds('a');
      waits.push(wait);
      now += wait * 1000;
      expect(await throttle.backoffSeconds('a')).toBe(0);
      await throttle.fail('a');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    now += 15 * 60_000;
    expect(await throttle.backoffSeconds('a')).toBe(0);
  });

  it('client addresses: IPv4-mapped as IPv4, IPv6 by its /64', () => {
    expect(normalizeAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(normalizeAddress('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(normalizeAddress('2001:DB8::1:2')).toBe('2001:db8::/64');
    expect(normalizeAddress('2001:0db8:0000:0000:0000:0000:0000:0001'), 'as people write it: no leading zeros, the zeros as ::').toBe('2001:db8::/64');
    expect(normalizeAddress('0:0:0:1::5'), 'the longest run of zeros is the one written ::').toBe('0:0:0:1::/64');
    expect(normalizeAddress('::1'), 'the loopback is one host').toBe('::1');
  });
});

describe('responses never leak internals', () => {
  it('a value the database refuses (a NUL character in jsonb) is a 400 naming the field, not a 500', async () => {
    const reply = await p.call('POST', '/entities/Thing', { token: p.serviceToken, body: { text: 'a\u0000b' } });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toMatch(/^body\.text: /);
    expect(JSON.stringify(reply.body)).not.toMatch(/stack|at \w+ \(/);
  });

  it('deeply nested JSON is refused as bad input', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const reply = await p.call('POST', '/entities/Thing', { token: p.serviceToken, body: `{"a": ${deep}}` });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe('body: nests deeper than 64 levels');
    const deepQuery = `{"a": ${'['.repeat(100)}${']'.repeat(100)}}`;
    const query = await p.call('GET', `/entities/Thing?q=${encodeURIComponent(deepQuery)}`, { token: p.serviceToken });
    expect(query.status).toBe(400);
    expect(query.body.detail).toMatch(/^q: nests deeper/);
  });
});

describe('the password hash’s cost', () => {
  it('is 2^15 outside the test runner whatever DECK_PASSWORD_COST says, and lowered only inside it', () => {
    expect(PASSWORD_COST).toBe(15);
    expect(passwordCost({})).toBe(15);
    expect(passwordCost({ DECK_PASSWORD_COST: '4' }), 'a deployment cannot weaken it').toBe(15);
    expect(passwordCost({ VITEST: 'true', DECK_PASSWORD_COST: '10' })).toBe(10);
    expect(passwordCost({ VITEST: 'true', DECK_PASSWORD_COST: '20' }), 'never above the real cost').toBe(15);
    expect(passwordCost({ VITEST: 'true', DECK_PASSWORD_COST: 'x' })).toBe(15);
  });

  it('is recorded in each hash, and a hash is checked with its own: a full-cost hash verifies under the lowered test cost', async () => {
    const full = await hashPassword('full-cost-password-1', PASSWORD_COST);
    expect(full.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    expect(await verifyPassword('full-cost-password-1', full)).toBe(true);
    expect(await verifyPassword('not-the-password-1', full)).toBe(false);
    const lowered = await hashPassword('low-cost-password-1');
    expect(lowered.split('$')[1]).toBe(String(2 ** passwordCost()));
    expect(await verifyPassword('low-cost-password-1', lowered)).toBe(true);
  });
});
