import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL } from '../../schemas/accessWire.ts';
import { AUDIT_CALL } from '../../schemas/auditPaths.ts';
import { ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { NEWS_CALL } from '../../schemas/newsPaths.ts';
import { PRESENTING_CALL } from '../../schemas/presentingPaths.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// An admin whose access has ended administers nothing, over real HTTP. On a deck anyone may open
// (public_without_login) the gate admits every caller, so the admin check alone must see that the
// admin's own access ended: a token that outlived its owner's expiry, or a revocation whose token
// was still alive, must not read the audit log, list people, invite or read speaker notes.

let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('public_without_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(() => p?.close());

/** A second admin, signed in; their token and id. */
async function secondAdmin(email: string): Promise<{ token: string; id: string }> {
  expect((await p.call('POST', '/users/invite-user', { token: admin, body: { user_email: email, role: 'admin' } })).status).toBe(200);
  const token = await registeredUser(p, email, 'second-admin-pass-1', false);
  return { token, id: (await p.call('GET', '/entities/User/me', { token })).body.id as string };
}

/** The admin doors, each with what it does. */
const DOORS = [
  ['GET', AUDIT_CALL, undefined, 'read the audit log'],
  ['GET', '/entities/User', undefined, 'list the people'],
  ['POST', '/users/invite-user', { user_email: 'someone@elsewhere.example', role: 'admin' }, 'invite an admin'],
  ['GET', `/entities/${ENGAGEMENT_ENTITY.view}`, undefined, "read every viewer's engagement"],
  ['GET', PRESENTING_CALL.notes, undefined, 'read the speaker notes'],
  ['PUT', NEWS_CALL, { mail: true }, 'choose the owners’ mail'],
] as const;

async function expectRefusedEverywhere(token: string, why: string): Promise<void> {
  for (const [method, path, body, does] of DOORS) {
    const reply = await p.call(method, path, { token, body });
    expect(reply.status, `an admin whose access ${why} could ${does} (${method} ${path}: ${reply.status})`).toBe(403);
  }
  expect((await p.call('GET', '/entities/User?q={}', { token: admin })).body.map((user: { email: string }) => user.email)).not.toContain(
    'someone@elsewhere.example',
  );
}

describe('an admin whose access ended', () => {
  it('administers nothing once their expiry has passed, though their token is still alive', async () => {
    const { token, id } = await secondAdmin('expired-admin@lender.example');
    expect((await p.call('GET', AUDIT_CALL, { token })).status, 'before the expiry').toBe(200);
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    await expectRefusedEverywhere(token, 'expired');
  });

  it('administers nothing once revoked, whether or not the token died with the revocation', async () => {
    const { token, id } = await secondAdmin('revoked-admin@lender.example');
    // The standing read now decides, even where a token outlived a revocation (written here straight to the database).
    await p.db.query('UPDATE users SET revoked_at = now() WHERE id = $1', [id]);
    await expectRefusedEverywhere(token, 'was revoked');
    // The revocation as the console makes it: the token dies too.
    const other = await secondAdmin('revoked-too@lender.example');
    expect((await p.call('POST', ACCESS_CALL.revoke(other.id), { token: admin })).status).toBe(200);
    for (const [method, path, body, does] of DOORS) {
      const reply = await p.call(method, path, { token: other.token, body });
      expect([401, 403], `a revoked admin could ${does} (${method} ${path}: ${reply.status})`).toContain(reply.status);
    }
  });
});
