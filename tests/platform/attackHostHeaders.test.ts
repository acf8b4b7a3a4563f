import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// A link in a mail is built from PUBLIC_URL, never from what the request says about itself: a
// stranger who asks for a reset of someone's password with a forged Host or X-Forwarded-* header
// would otherwise mail that person a link to the stranger's own site, carrying the reset token. The
// platforms here trust a proxy (TRUST_PROXY), the case where forwarded headers are read at all.

const PUBLIC_URL = 'https://deck.example.test';
/** Every header a proxy or a forger may use to name the host, the scheme or the port. */
const FORGED = {
  Host: 'evil.example',
  'X-Forwarded-Host': 'evil.example',
  'X-Forwarded-Proto': 'http',
  'X-Forwarded-Port': '6666',
  'X-Forwarded-Server': 'evil.example',
  'X-Host': 'evil.example',
  'X-Original-Host': 'evil.example',
  Forwarded: 'for=203.0.113.9;host=evil.example;proto=http',
};

let withUrl: TestPlatform;
let withoutUrl: TestPlatform;

beforeAll(async () => {
  withUrl = await startTestPlatform('private_with_login', { publicUrl: PUBLIC_URL, trustProxy: true });
  withoutUrl = await startTestPlatform('private_with_login', { trustProxy: true });
}, 60_000);
afterAll(async () => {
  await withUrl?.close();
  await withoutUrl?.close();
});

/** POSTs JSON with exactly these headers (fetch would not send a Host of our choosing). */
function forgedPost(p: TestPlatform, path: string, body: unknown, headers: Record<string, string> = FORGED): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: p.port,
        path: `/api/apps/${p.appId}${path}`,
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** The links in a mail's text. */
const linksIn = (mail: string) => [...mail.matchAll(/https?:\/\/[^\s)]+/g)].map((match) => match[0]);

describe('links in mail under forged Host and X-Forwarded-* headers', () => {
  it('a reset link is PUBLIC_URL’s, whatever host the request names', async () => {
    await registeredUser(withUrl, 'target@lender.example', 'target-password-12');
    expect(await forgedPost(withUrl, '/auth/reset-password-request', { email: 'target@lender.example' })).toBe(200);
    await withUrl.settled();
    const mail = await latestMail(withUrl, 'target@lender.example', 'reset');
    const reset = linksIn(mail).find((link) => link.includes('reset_token='));
    expect(reset, `the reset link must start ${PUBLIC_URL}/login; the forged Host made it ${reset}`).toMatch(
      new RegExp(`^${PUBLIC_URL}/login\\?reset_token=[^&\\s]+$`),
    );
    expect(mail, 'no part of the reset mail may name the forged host').not.toContain('evil.example');
    expect(
      linksIn(mail).every((link) => link.startsWith(`${PUBLIC_URL}/`)),
      linksIn(mail).join(' '),
    ).toBe(true);
  });

  it('a code mail and an invitation are PUBLIC_URL’s too', async () => {
    expect(await forgedPost(withUrl, '/auth/register', { email: 'newcomer@lender.example', password: 'newcomer-password-1' })).toBe(200);
    await withUrl.settled();
    const code = await latestMail(withUrl, 'newcomer@lender.example', 'otp');
    expect(code).not.toContain('evil.example');
    expect(linksIn(code).length).toBeGreaterThan(0);
    expect(
      linksIn(code).every((link) => link.startsWith(`${PUBLIC_URL}/`)),
      linksIn(code).join(' '),
    ).toBe(true);

    const admin = await withUrl.login(ADMIN.email, ADMIN.password);
    expect(
      await forgedPost(withUrl, '/users/invite-user', { user_email: 'invited@lender.example', role: 'user' }, { ...FORGED, Authorization: `Bearer ${admin}` }),
    ).toBe(200);
    await withUrl.settled();
    const invitation = await latestMail(withUrl, 'invited@lender.example', 'invite');
    expect(invitation).not.toContain('evil.example');
    expect(linksIn(invitation).find((link) => link.includes('invite_token='))).toMatch(new RegExp(`^${PUBLIC_URL}/login\\?invite_token=`));
  });

  it('without PUBLIC_URL, a reset link is the platform’s own address (localhost and its port), not the request’s host', async () => {
    await registeredUser(withoutUrl, 'plain@lender.example', 'plain-password-12');
    expect(await forgedPost(withoutUrl, '/auth/reset-password-request', { email: 'plain@lender.example' })).toBe(200);
    // Asked at 127.0.0.1 with no forgery either: the link still names localhost, the default PUBLIC_URL.
    expect(await forgedPost(withoutUrl, '/auth/reset-password-request', { email: 'plain@lender.example' }, { Host: `127.0.0.1:${withoutUrl.port}` })).toBe(200);
    await withoutUrl.settled();
    const mails = withoutUrl.logs.filter((line) => line.startsWith('[outbox] to plain@lender.example (reset):'));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const reset = linksIn(mail).find((link) => link.includes('reset_token='));
      expect(reset, `the reset link must be built from the default PUBLIC_URL, http://localhost:${withoutUrl.port}; it was ${reset}`).toMatch(
        new RegExp(`^http://localhost:${withoutUrl.port}/login\\?reset_token=`),
      );
    }
  });
});
