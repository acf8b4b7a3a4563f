import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// The mail anyone can ask the platform to send (registration codes, reset links), counted per
// address and kind: the first ones go, the one past the limit is refused with the wait in seconds,
// and a place comes back when its mail leaves the window. The platform's clock is the test's.

let p: TestPlatform;
let clock = Date.parse('2026-11-24T12:00:00Z');
// The limit and its window written out rather than imported from the module: a wrong limit or window
// there must not move the test's expectations with it.
const MAIL_REQUESTS_PER_WINDOW = 5;
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { now: () => clock });
}, 60_000);
afterAll(() => p?.close());

const ask = (path: '/auth/reset-password-request' | '/auth/resend-otp', email: string) => p.call('POST', path, { body: { email } });
const sentTo = async (email: string, kind: string) =>
  (await p.db.query(`SELECT 1 FROM outbox WHERE data->>'to' = $1 AND data->>'kind' = $2`, [email, kind])).rows.length;

describe('mail asked for by address', () => {
  it(`sends the first ${MAIL_REQUESTS_PER_WINDOW} resets in 15 minutes and refuses the next with a wait of 900 s`, async () => {
    await registeredUser(p, 'asker@lender.example', 'asker-password-12');
    for (let i = 1; i <= MAIL_REQUESTS_PER_WINDOW; i++) {
      const reply = await ask('/auth/reset-password-request', 'asker@lender.example');
      expect(reply.status, `reset mail ${i} of ${MAIL_REQUESTS_PER_WINDOW} must be sent`).toBe(200);
    }
    expect(await sentTo('asker@lender.example', 'reset')).toBe(MAIL_REQUESTS_PER_WINDOW);
    const refused = await ask('/auth/reset-password-request', 'asker@lender.example');
    expect(refused.status, `mail ${MAIL_REQUESTS_PER_WINDOW + 1} within the window must be refused`).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait, `the wait after ${MAIL_REQUESTS_PER_WINDOW} mails at one instant is the whole window, 900 s (15 min); it said ${wait} s`).toBe(900);
    expect(refused.body).toEqual({ detail: 'Too many requests for this email; try again in 15 min', code: 'too_many_attempts' });
    expect(await sentTo('asker@lender.example', 'reset')).toBe(MAIL_REQUESTS_PER_WINDOW);
  });

  it('gives the places back when their mails leave the 15-minute window, not a second before', async () => {
    const started = clock;
    for (let i = 0; i < MAIL_REQUESTS_PER_WINDOW; i++) expect((await ask('/auth/resend-otp', 'early@lender.example')).status).toBe(200);
    clock = started + FIFTEEN_MINUTES_MS - 1000;
    const almost = await ask('/auth/resend-otp', 'early@lender.example');
    expect(almost.status, 'one second before the window ends, the address is still at its limit').toBe(429);
    expect(Number(almost.headers.get('retry-after')), 'the wait one second before the window ends').toBe(1);
    expect(almost.body.detail).toBe('Too many requests for this email; try again in 1 s');
    clock = started + FIFTEEN_MINUTES_MS;
    for (let i = 1; i <= MAIL_REQUESTS_PER_WINDOW; i++) {
      expect((await ask('/auth/resend-otp', 'early@lender.example')).status, `request ${i} after the window`).toBe(200);
    }
    expect((await ask('/auth/resend-otp', 'early@lender.example')).status).toBe(429);
  });

  it('counts each address and each kind apart, an address however it is spelt, and an address with no account alike', async () => {
    for (let i = 0; i < MAIL_REQUESTS_PER_WINDOW; i++) {
      const spelt = ['ghost@nowhere.example', 'GHOST@nowhere.example', 'Ghost@Nowhere.Example'][i % 3]!;
      expect((await ask('/auth/reset-password-request', spelt)).status, JSON.stringify(spelt)).toBe(200);
    }
    expect((await ask('/auth/reset-password-request', 'GHOST@NOWHERE.EXAMPLE')).status, 'a sixth, in capitals').toBe(429);
    expect((await ask('/auth/resend-otp', 'ghost@nowhere.example')).status, 'another kind of mail to the same address').toBe(200);
    expect((await ask('/auth/reset-password-request', 'other@nowhere.example')).status, 'another address').toBe(200);
  });
});
