import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, ACCESS_ENTITY } from '../../schemas/accessWire.ts';
import type { RoomReply } from '../../schemas/platformWire.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// Allowed domains: an admin allows `@lender.example`, and anyone who proves a mailbox
// there is let in the first time they reach the gate. Strangers sign up through the real API
// (register → the code from the log → verify-otp), nobody invites them.

let p: TestPlatform;
let admin: string;
let viewer: string;
const sockets: Socket[] = [];
const RULES = `/entities/${ACCESS_ENTITY.domain}`;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  viewer = await registeredUser(p, 'viewer@invited.example');
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
});

const rules = async () => (await p.call('GET', `${RULES}?limit=5000`, { token: admin })).body as Array<Record<string, unknown>>;
const me = (token: string) => p.call('GET', '/entities/User/me', { token });
const joinedLines = (email: string) => p.logs.filter((line) => line.startsWith(`[access] ${email} joined through`));
const userRow = async (email: string) =>
  (await p.db.query<{ invited: boolean; role: string; invited_at: Date | null }>('SELECT invited, role, invited_at FROM users WHERE email = $1', [email]))
    .rows[0]!;

describe('a stranger from an allowed domain', () => {
  it('gets in the first time they reach the gate, with the rule’s role, logged once', async () => {
    const created = await p.call('POST', RULES, { token: admin, body: { domain: ' @Lender.Example ', role: 'partner' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ domain: '@lender.example', role: 'partner', id: expect.any(String) });

    const token = await registeredUser(p, 'ann@lender.example', 'ann-password-1', false);
    const first = await me(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email: 'ann@lender.example', is_registered: true, role: 'partner', invited_at: expect.any(String) });
    expect(Date.now() - Date.parse(first.body.invited_at)).toBeLessThan(60_000);
    // Admitted people pay no more: a second call changes nothing and logs nothing.
    expect((await p.call('GET', '/entities/Task', { token })).status).toBe(200);
    expect(joinedLines('ann@lender.example')).toEqual(['[access] ann@lender.example joined through @lender.example']);
  });

  it('is refused without a rule for their exact domain (no rule, a subdomain, a deleted rule)', async () => {
    const nobody = await registeredUser(p, 'bob@elsewhere.example', 'bob-password-1', false);
    const sub = await registeredUser(p, 'sue@east.lender.example', 'sue-password-1', false);
    for (const token of [nobody, sub]) {
      const refused = await me(token);
      expect(refused.status).toBe(403);
      expect(refused.body.extra_data).toEqual({ reason: 'user_not_registered' });
    }
    const rule = (await p.call('POST', RULES, { token: admin, body: { domain: '@gone.example' } })).body;
    expect(rule.role).toBe('user');
    expect((await p.call('DELETE', `${RULES}/${rule.id}`, { token: admin })).status).toBe(200);
    const late = await registeredUser(p, 'late@gone.example', 'late-password-1', false);
    expect((await me(late)).status).toBe(403);
    expect((await userRow('late@gone.example')).invited).toBe(false);
    expect(joinedLines('bob@elsewhere.example')).toEqual([]);
    expect(joinedLines('sue@east.lender.example')).toEqual([]);
  });

  it('is not let in again once revoked', async () => {
    // Revoked before the rule existed: neither signing in again nor the rule brings them back.
    const token = await registeredUser(p, 'carl@revoked.example', 'carl-password-1', false);
    const carl = (await p.call('GET', `/entities/User?q=${encodeURIComponent(JSON.stringify({ email: 'carl@revoked.example' }))}`, { token: admin })).body[0];
    expect((await p.call('POST', ACCESS_CALL.revoke(carl.id), { token: admin })).status).toBe(200);
    expect((await p.call('POST', RULES, { token: admin, body: { domain: '@revoked.example' } })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
    const again = await p.call('POST', '/auth/login', { body: { email: 'carl@revoked.example', password: 'carl-password-1' } });
    expect(again.status).not.toBe(200);
    expect(again.body.access_token).toBeUndefined();

    // A revocation that lands while a token still lives (between sign-in and the next call) holds too.
    const dana = await registeredUser(p, 'dana@revoked.example', 'dana-password-1', false);
    await p.db.query('UPDATE users SET revoked_at = now(), invited = false WHERE email = $1', ['dana@revoked.example']);
    const refused = await me(dana);
    expect(refused.status).toBe(403);
    expect(refused.body.extra_data.reason).not.toBe(undefined);
    for (const email of ['carl@revoked.example', 'dana@revoked.example']) {
      expect((await userRow(email)).invited).toBe(false);
      expect(joinedLines(email)).toEqual([]);
    }
  });
});

describe('domain rules', () => {
  it('refuse a domain without @, a duplicate, an unknown field and an admin role with a 400 naming the field, writing nothing', async () => {
    await p.call('POST', RULES, { token: admin, body: { domain: '@dup.example' } });
    const before = await rules();
    const cases: Array<[unknown, string]> = [
      [{ domain: 'lender.example' }, 'domain: must start with @ and name a domain, such as @lender.example'],
      [{ domain: '@DUP.example' }, 'domain: is already allowed'],
      [{ role: 'user' }, 'domain: is required'],
      [{ domain: '@new.example', note: 'x' }, `note: is not a field of ${ACCESS_ENTITY.domain}`],
      [{ domain: '@new.example', role: 'admin' }, 'role: must be a viewer role: invite admins one by one'],
      [{ domain: 42 }, 'domain: Invalid input: expected string, received number'],
    ];
    for (const [body, detail] of cases) {
      const reply = await p.call('POST', RULES, { token: admin, body });
      expect({ status: reply.status, detail: reply.body.detail }).toEqual({ status: 400, detail });
    }
    // A bulk whose second row repeats its first is refused whole; so is an import with a bad row.
    const bulk = await p.call('POST', `${RULES}/bulk`, { token: admin, body: [{ domain: '@one.example' }, { domain: '@One.example' }] });
    expect({ status: bulk.status, detail: bulk.body.detail }).toEqual({ status: 400, detail: 'domain: is already allowed' });
    const badRow = await p.call('POST', `${RULES}/bulk`, { token: admin, body: [{ domain: '@two.example' }, { domain: 'two' }] });
    expect(badRow.body.detail).toMatch(/^body\[1\]\.domain: must start with @/);
    const form = new FormData();
    form.append('file', new File(['domain,role\n@three.example,user\nthree.example,user\n'], 'rules.csv', { type: 'text/csv' }));
    const imported = await p.call('POST', `${RULES}/import`, { token: admin, body: form });
    expect({ status: imported.status, detail: imported.body.detail }).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^file row 2\.domain: must start with @/),
    });
    expect(await rules()).toEqual(before);
  });

  it('refuse an update to another rule’s domain, and accept a new role', async () => {
    const a = (await p.call('POST', RULES, { token: admin, body: { domain: '@a.example' } })).body;
    await p.call('POST', RULES, { token: admin, body: { domain: '@b.example' } });
    const clash = await p.call('PUT', `${RULES}/${a.id}`, { token: admin, body: { domain: '@B.example' } });
    expect({ status: clash.status, detail: clash.body.detail }).toEqual({ status: 400, detail: 'domain: is already allowed' });
    // The record sent back whole with one change: unchanged fields (system ones included) pass.
    const renamed = await p.call('PUT', `${RULES}/${a.id}`, { token: admin, body: { ...a, role: 'partner' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ domain: '@a.example', role: 'partner' });
    // A change that leaves the role out keeps it.
    const moved = await p.call('PUT', `${RULES}/${a.id}`, { token: admin, body: { domain: '@aa.example' } });
    expect(moved.body).toMatchObject({ domain: '@aa.example', role: 'partner' });
    const bad = await p.call('PUT', `${RULES}/${a.id}`, { token: admin, body: { domain: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.extra_data.field).toBe('domain');
    const promoted = await p.call('PUT', `${RULES}/${a.id}`, { token: admin, body: { role: 'admin' } });
    expect(promoted.body.detail).toBe('role: must be a viewer role: invite admins one by one');
    expect((await p.call('GET', `${RULES}/${a.id}`, { token: admin })).body).toMatchObject({ domain: '@aa.example', role: 'partner' });
  });

  it('are the admins’ alone: a viewer cannot list, read, create, change or delete them, nor join their room', async () => {
    const rule = (await p.call('POST', RULES, { token: admin, body: { domain: '@secret.example' } })).body;
    expect((await p.call('GET', RULES, { token: viewer })).status).toBe(403);
    expect((await p.call('POST', RULES, { token: viewer, body: { domain: '@mine.example' } })).status).toBe(403);
    expect((await p.call('POST', `${RULES}/bulk`, { token: viewer, body: [{ domain: '@mine.example' }] })).status).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect((await p.call(method, `${RULES}/${rule.id}`, { token: viewer, body: method === 'PUT' ? { role: 'x' } : undefined })).status).toBe(404);
    }
    expect((await rules()).some((r) => r.domain === '@mine.example')).toBe(false);
    const socket = await openConnected(p, viewer, sockets);
    const reply: RoomReply = await socket.timeout(3000).emitWithAck('join', `entities:${p.appId}:${ACCESS_ENTITY.domain}`);
    expect(reply.ok).toBe(false);
  });
});
