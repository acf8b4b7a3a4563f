import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../scripts/bench/httpClient.ts';
import { ACCOUNT_CLIENT_MAX_FAILURES, ACCOUNT_MAX_FAILURES, SignInLimits } from '../../src/platform/identity/signInLimits.ts';
import { ACCESS_CALL, INVITE_TOKEN_PARAM } from '../../schemas/accessWire.ts';
import { latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { countPasswordHashings } from './passwordHashings.ts';

// Parallel bursts against one account, an attacker locking the owner out, and a one-client flood.
// Every request really comes from the loopback address it names (Linux routes all of 127/8 to lo),
// so the server sees distinct clients without trusting a header.
let p: TestPlatform;
let ceiling: TestPlatform;
let http: HttpClient;

// The project's hook deadline, which grows with the machine's load (a fixed one does not): two
// platforms on PGlite can take more than 60 s to start on a busy two-core machine.
beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  ceiling = await startTestPlatform('private_with_login', { accountMaxFailures: 12 });
  http = new HttpClient(p.url, 400, 60_000);
});
afterAll(async () => {
  http?.close();
  await p?.close();
  await ceiling?.close();
});

const loginTo = (platform: TestPlatform, from: string, email: string, password: string, headers: Record<string, string> = {}) =>
  http.send('POST', `${platform.url}/api/apps/${platform.appId}/auth/login`, { json: { email, password }, localAddress: from, headers });
const login = (from: string, email: string, password: string, headers: Record<string, string> = {}) => loginTo(p, from, email, password, headers);

const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

describe('the attempt is reserved before the password is checked', () => {
  // Parallel requests reach the server in no set order, so these tests assert only what the limit
  // guarantees whatever the order: wrong guesses alone, then the right password after them.
  for (const burst of [40, 150]) {
    it(`a burst of ${burst} parallel wrong guesses from one client checks at most ${ACCOUNT_CLIENT_MAX_FAILURES} passwords; the right one sent after it is refused, even on a fresh connection`, async () => {
      const email = `burst${burst}@example.com`;
      await registeredUser(p, email, 'burst-owner-password-1');
      // Connections of its own, all new: none an earlier test left idle for the server to close.
      const lanes = new HttpClient(p.url, burst, 60_000);
      const replies = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          // A forged X-Forwarded-For must not make each guess look like another client.
          lanes.send('POST', `${p.url}/api/apps/${p.appId}/auth/login`, {
            json: { email, password: `wrong-guess-${i}-xxxx` },
            localAddress: '127.0.0.2',
            headers: { 'X-Forwarded-For': `10.0.${i}.1` },
          }),
        ),
      ).finally(() => lanes.close());
      const statuses = tally(replies.map((r) => r.status));
      // 401 = a password check that ran and failed; 429 = refused before any check.
      expect(statuses[401] ?? 0, `wrong guesses checked: ${JSON.stringify(statuses)}`).toBeGreaterThanOrEqual(1);
      expect(statuses[401] ?? 0, `wrong guesses checked: ${JSON.stringify(statuses)}`).toBeLessThanOrEqual(ACCOUNT_CLIENT_MAX_FAILURES);
      expect((statuses[401] ?? 0) + (statuses[429] ?? 0), `every reply a 401 or a 429: ${JSON.stringify(statuses)}`).toBe(burst);
      for (const reply of replies.filter((r) => r.status === 429)) {
        expect(JSON.parse(reply.body).code).toBe('too_many_attempts');
        expect(Number(reply.headers['retry-after'] ?? 0)).toBeGreaterThanOrEqual(1);
      }
      // Whatever the burst reached (the one-call-in-flight cap refuses most of it before the account
      // limit is met, and how many got through depends on arrival order), one guess at a time spends
      // the rest: in all, exactly the limit is checked, never more. A connection of its own: the
      // server may close an idle keep-alive socket of the burst just as it would be reused.
      const fresh = new HttpClient(p.url, 1, 60_000);
      const guess = (password: string) =>
        fresh.send('POST', `${p.url}/api/apps/${p.appId}/auth/login`, { json: { email, password }, localAddress: '127.0.0.2' });
      try {
        let checked = statuses[401] ?? 0;
        for (let i = 0; i <= ACCOUNT_CLIENT_MAX_FAILURES; i++) {
          const next = await guess(`wrong-after-${i}-xxxx`);
          if (next.status !== 401) {
            expect(next.status).toBe(429);
            break;
          }
          checked++;
        }
        expect(checked, 'wrong guesses checked in all').toBe(ACCOUNT_CLIENT_MAX_FAILURES);
        // The limit is spent for this client: the right password is refused too.
        const right = await guess('burst-owner-password-1');
        expect(right.status, 'the right password after the limit is spent').toBe(429);
        expect(Number(right.headers['retry-after'] ?? 0)).toBeGreaterThanOrEqual(1);
      } finally {
        fresh.close();
      }
    });
  }

  it(`a success clears the client's failures on that account: ${ACCOUNT_CLIENT_MAX_FAILURES - 1} typos, the right password, then ${ACCOUNT_CLIENT_MAX_FAILURES} more checks`, async () => {
    // Whoever presents the right password holds it: the failures before it were theirs (typos), and
    // the checks after it can find nothing they do not know. A burst that holds the right password
    // can therefore be checked more than the limit, up to twice, never more.
    const email = 'typos@example.com';
    await registeredUser(p, email, 'typos-owner-password-1');
    for (let i = 0; i < ACCOUNT_CLIENT_MAX_FAILURES - 1; i++) expect((await login('127.0.0.10', email, `typo-${i}-xxxx`)).status).toBe(401);
    expect((await login('127.0.0.10', email, 'typos-owner-password-1')).status).toBe(200);
    for (let i = 0; i < ACCOUNT_CLIENT_MAX_FAILURES; i++)
      expect((await login('127.0.0.10', email, `later-${i}-xxxx`)).status, `check ${i + 1} after the success`).toBe(401);
    expect((await login('127.0.0.10', email, 'typos-owner-password-1')).status, 'the limit applies again after five more failures').toBe(429);
  });

  it(`guesses from many clients at once check at most the account's ceiling of passwords; the owner's known address still gets in`, async () => {
    // The ceiling (ACCOUNT_MAX_FAILURES, 100 an hour) is lowered to 12 here so the burst costs 12 hashings, not 100.
    const email = 'spread@example.com';
    await registeredUser(ceiling, email, 'spread-owner-password-1');
    // The owner signed in from 127.0.0.3 before the attack: that address stays known.
    expect((await loginTo(ceiling, '127.0.0.3', email, 'spread-owner-password-1')).status).toBe(200);
    // Wrong guesses only: a right password among them, from a new address, gives its place back when it
    // succeeds, and if it held a place while the rest were refused the ceiling would end one short.
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => loginTo(ceiling, `127.0.1.${i + 1}`, email, `wrong-guess-${i}-xxxx`)));
    const statuses = tally(replies.map((r) => r.status));
    // Every guess from an address of its own and none succeeds, so in any order exactly the ceiling is checked.
    expect(statuses[401] ?? 0, `guesses checked: ${JSON.stringify(statuses)}`).toBe(12);
    expect(statuses[429] ?? 0, `guesses refused: ${JSON.stringify(statuses)}`).toBe(40 - 12);
    // The ceiling is reached: a new address is refused, even with the right password...
    expect((await loginTo(ceiling, '127.0.2.1', email, 'spread-owner-password-1')).status).toBe(429);
    // ...but the owner's known address still gets in.
    expect((await loginTo(ceiling, '127.0.0.3', email, 'spread-owner-password-1')).status).toBe(200);
  }, 60_000);

  it('40 guesses from 40 addresses cost at most the ceiling of 12 password hashings, not 40 (the place is taken before hashing)', async () => {
    // The statuses alone cannot tell: a check reserved after hashing answers the same 401s and 429s,
    // but every guess has already cost a hashing. So the hashings themselves are counted.
    const email = 'hashcount@example.com';
    await registeredUser(ceiling, email, 'hashcount-owner-password-1');
    const hashings = countPasswordHashings();
    let replies: Awaited<ReturnType<typeof loginTo>>[];
    try {
      replies = await Promise.all(Array.from({ length: 40 }, (_, i) => loginTo(ceiling, `127.0.5.${i + 1}`, email, `wrong-guess-${i}-xxxx`)));
    } finally {
      hashings.stop();
    }
    const statuses = tally(replies.map((r) => r.status));
    expect(statuses[401], 'the ceiling let 12 guesses through').toBe(12);
    expect(statuses[429], 'the rest were refused').toBe(28);
    expect(
      hashings.count(),
      `40 guesses hashed ${hashings.count()} passwords: the sign-in attempt is reserved after hashing instead of before (routes/signIn.ts)`,
    ).toBeLessThanOrEqual(12);
  }, 60_000);

  it(`the ceiling itself: ${ACCOUNT_MAX_FAILURES} failures from as many addresses, then only known addresses`, async () => {
    let now = 0;
    const limits = new SignInLimits(p.db, { now: () => now });
    await (await limits.reserve('app:owner', '10.0.0.1')).done(true);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) await (await limits.reserve('app:owner', `10.1.${i >> 8}.${i & 255}`)).done(false);
    await expect(limits.reserve('app:owner', '10.2.0.1')).rejects.toThrow(/Too many sign-in attempts/);
    await (await limits.reserve('app:owner', '10.0.0.1')).done(true);
    now += 60 * 60 * 1000 + 1;
    await (await limits.reserve('app:owner', '10.2.0.1')).done(false);
  });
});

describe('an attacker cannot lock the owner out, nor slow them down', () => {
  it('wrong passwords from one client lock that client out, not the owner at another address', async () => {
    const email = 'owner@example.com';
    await registeredUser(p, email, 'owner-password-12');
    for (let i = 0; i < ACCOUNT_CLIENT_MAX_FAILURES; i++) {
      expect((await login('127.0.0.4', email, `wrong-guess-${i}-xxxx`)).status).toBe(401);
    }
    const locked = await login('127.0.0.4', email, 'owner-password-12');
    expect(locked.status).toBe(429);
    expect((await login('127.0.0.5', email, 'owner-password-12')).status).toBe(200);
  });

  it('during 100 parallel wrong sign-ins from one client, a genuine sign-in from another succeeds', async () => {
    const email = 'genuine@example.com';
    await registeredUser(p, email, 'genuine-password-1');
    const started = Date.now();
    const flood = Promise.all(Array.from({ length: 100 }, (_, i) => login('127.0.0.6', i % 2 ? email : `victim${i}@example.com`, `wrong-guess-${i}-xxxx`)));
    const genuine = await login('127.0.0.7', email, 'genuine-password-1');
    const statuses = tally((await flood).map((r) => r.status));
    const seconds = (Date.now() - started) / 1000;
    expect(genuine.status).toBe(200);
    // The client's free failures are reserved before any hashing; past them each check waits 1 s, 2 s,
    // 4 s … after the last, and the rest are refused before any work. How many checks a flood this long
    // could reach is the bound, so a busy machine (a slower flood) cannot fail it, and a client without
    // its delays (every guess hashed) still does.
    let checks = 10; // the policy: ten free failures per client address
    for (let wait = 1, spent = 1; spent <= seconds; wait *= 2, spent += wait) checks++;
    expect(statuses[401] ?? 0, `a flood of ${seconds.toFixed(1)} s may check ${checks} passwords`).toBeLessThanOrEqual(checks);
    expect(statuses[429] ?? 0).toBe(100 - (statuses[401] ?? 0));
  }, 60_000);

  it('a client that keeps failing across many accounts meets a growing delay', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) {
      const reply = await login('127.0.0.8', `spray${i}@example.com`, 'wrong-guess-xxxx');
      if (reply.status === 429) waits.push(Number(reply.headers['retry-after']));
      else expect(reply.status).toBe(401);
    }
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1);
    // Another client is not affected.
    expect((await login('127.0.0.9', 'spray0@example.com', 'wrong-guess-xxxx')).status).toBe(401);
  });
});

// A person who joined through an invitation link, or by a mailed code, has
// proved their mailbox from an address as much as by signing in; that address stays known, so a
// guess spread over many addresses cannot lock them out of it.
describe('joining makes the address known', () => {
  // Each spread from addresses of its own: a pooled keep-alive socket of an earlier test may have been closed by the server meanwhile.
  // All wrong: a right password among them, from a new address, gives its place back when it lands
  // after the others were refused, and the ceiling would then be one short.
  const spread = (subnet: number, email: string) =>
    Promise.all(Array.from({ length: 40 }, (_, i) => loginTo(ceiling, `127.0.${subnet}.${i + 1}`, email, `wrong-guess-${i}-xxxx`)));
  // Its own connections: a keep-alive socket the server closed during the previous spread must not be reused.
  const postFrom = async (from: string, path: string, json: unknown) => {
    const fresh = new HttpClient(ceiling.url, 4, 60_000);
    try {
      return await fresh.send('POST', `${ceiling.url}/api/apps/${ceiling.appId}${path}`, { json, localAddress: from });
    } finally {
      fresh.close();
    }
  };

  it('through an invitation link: the owner still gets in from the address they accepted it from', async () => {
    const email = 'invited-owner@example.com';
    expect((await ceiling.call('POST', '/users/invite-user', { token: ceiling.serviceToken, body: { user_email: email, role: 'user' } })).status).toBe(200);
    const link = new RegExp(`${INVITE_TOKEN_PARAM}=([A-Za-z0-9_-]+)`).exec(await latestMail(ceiling, email, 'invite'))?.[1];
    expect((await postFrom('127.0.0.4', ACCESS_CALL.acceptInvite, { invite_token: link, new_password: 'invited-owner-password-1' })).status).toBe(200);
    await spread(3, email);
    expect((await loginTo(ceiling, '127.0.2.2', email, 'invited-owner-password-1')).status, 'a new address, after the ceiling').toBe(429);
    expect((await loginTo(ceiling, '127.0.0.4', email, 'invited-owner-password-1')).status, 'the address the invitation was accepted from').toBe(200);
  }, 60_000);

  it('through a mailed code: the owner still gets in from the address they confirmed it from', async () => {
    const email = 'coded-owner@example.com';
    expect((await ceiling.call('POST', '/users/invite-user', { token: ceiling.serviceToken, body: { user_email: email, role: 'user' } })).status).toBe(200);
    expect((await postFrom('127.0.0.5', '/auth/register', { email, password: 'coded-owner-password-1' })).status).toBe(200);
    await ceiling.settled();
    const code = /code is (\d{6})/.exec(await latestMail(ceiling, email, 'otp'))?.[1];
    expect((await postFrom('127.0.0.5', '/auth/verify-otp', { email, otp_code: code })).status).toBe(200);
    await spread(4, email);
    expect((await loginTo(ceiling, '127.0.2.3', email, 'coded-owner-password-1')).status).toBe(429);
    expect((await loginTo(ceiling, '127.0.0.5', email, 'coded-owner-password-1')).status).toBe(200);
  }, 60_000);
});
