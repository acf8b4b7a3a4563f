import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Base44Error, createClient, fetchPublicSettings, type Base44Client } from '../../src/sdk/index.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, latestMail, startTestPlatform, type TestPlatform } from './harness.ts';

// The real client of src/sdk against the real local platform: the same requests the deck makes.
let p: TestPlatform;
const clients: Base44Client[] = [];

function client(options: { token?: string; serviceToken?: string } = {}): Base44Client {
  const made = createClient({
    serverUrl: p.url,
    appId: p.appId,
    storage: null,
    location: null,
    history: null,
    logger: { error: () => {} },
    ...options,
  });
  clients.push(made);
  return made;
}

async function codeFor(_service: Base44Client, email: string, kind: string): Promise<string> {
  return latestMail(p, email, kind); // codes and links are only in the server log
}

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
}, 60_000);
afterAll(async () => {
  for (const made of clients) made.cleanup();
  await p?.close();
});

describe('src/sdk against the local platform', () => {
  it('login, me, public settings, updateMe', async () => {
    const deck = client();
    await expect(fetchPublicSettings({ serverUrl: p.url, appId: p.appId })).rejects.toMatchObject({
      status: 403,
      data: { extra_data: { reason: 'auth_required' } },
    });
    const { access_token, user } = await deck.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
    expect(user).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect(deck.getToken()).toBe(access_token);
    expect(await deck.auth.me()).toMatchObject({ email: ADMIN.email });
    expect(await deck.auth.isAuthenticated()).toBe(true);
    const settings = await fetchPublicSettings({ serverUrl: p.url, appId: p.appId, token: access_token });
    expect(settings).toMatchObject({ id: p.appId, public_settings: 'private_with_login' });
    expect(await deck.auth.updateMe({ full_name: 'Deck Admin' })).toMatchObject({ full_name: 'Deck Admin', role: 'admin' });
  });

  it('create, read back, filter, sort, update, delete, bulk, deleteMany, import', async () => {
    const deck = client();
    await deck.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
    const deals = deck.entities.Deal!;
    const created = await deals.create({ name: 'Zeta', amount: 5 });
    expect(await deals.get(created.id)).toMatchObject({ name: 'Zeta', amount: 5, created_by: ADMIN.email });
    await deals.bulkCreate([
      { name: 'Alpha', amount: 50 },
      { name: 'Mid', amount: 20 },
    ]);
    expect((await deals.list('name')).map((d) => d.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
    expect((await deals.list('-amount', 2)).map((d) => d.name)).toEqual(['Alpha', 'Mid']);
    expect((await deals.filter({ amount: { $gte: 10 } }, 'amount')).map((d) => d.name)).toEqual(['Mid', 'Alpha']);
    expect(await deals.filter({ name: 'Mid' }, undefined, undefined, undefined, ['name'])).toEqual([{ id: expect.any(String), name: 'Mid' }]);
    expect(await deals.update(created.id, { amount: 6 })).toMatchObject({ id: created.id, amount: 6 });
    await deals.delete(created.id);
    await expect(deals.get(created.id)).rejects.toBeInstanceOf(Base44Error);
    await deals.deleteMany({ amount: { $lt: 30 } });
    expect((await deals.list()).map((d) => d.name)).toEqual(['Alpha']);
    const imported = (await deals.importEntities(new File(['name,amount\nCsv,7\n'], 'deals.csv', { type: 'text/csv' }))) as { imported: number };
    expect(imported.imported).toBe(1);
    expect(await deals.filter({ name: 'Csv' })).toMatchObject([{ amount: 7 }]);
  });

  it('subscribe receives a change made by another client', async () => {
    const watcher = client();
    await watcher.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
    const events: Array<{ type: string; id: string; data: Record<string, unknown> }> = [];
    const unsubscribe = watcher.entities.Signal!.subscribe((event) => events.push(event));
    const writer = client({ serviceToken: p.serviceToken });
    // The socket connects lazily on the first subscribe; keep writing until one change arrives.
    let sent = 0;
    await eventually(
      () => {
        if (events.length === 0 && sent < 50) void writer.asServiceRole.entities.Signal!.create({ n: sent++ });
        return events.length > 0;
      },
      { timeoutMs: 5000, what: 'a change through the lazily connected socket' },
    );
    expect(events[0]).toMatchObject({ type: 'create', data: { n: expect.any(Number) } });
    unsubscribe();
  });

  it('invite → register with the code from the outbox → verify → login; an uninvited user is refused', async () => {
    const admin = client({ serviceToken: p.serviceToken });
    await admin.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
    await admin.auth.inviteUser('partner@example.com', 'user');

    const partner = client();
    await partner.auth.register({ email: 'partner@example.com', password: 'partner-pass-1' });
    const code = /code is (\d{6})/.exec(await codeFor(admin, 'partner@example.com', 'otp'))![1]!;
    await partner.auth.verifyOtp({ email: 'partner@example.com', otpCode: code });
    await partner.auth.loginViaEmailPassword('partner@example.com', 'partner-pass-1');
    const me = await partner.auth.me();
    expect(me).toMatchObject({ email: 'partner@example.com', role: 'user' });

    await partner.auth.changePassword({ userId: String(me.id), currentPassword: 'partner-pass-1', newPassword: 'partner-pass-2' });
    await partner.auth.resetPasswordRequest('partner@example.com');
    const link = await codeFor(admin, 'partner@example.com', 'reset');
    const resetToken = decodeURIComponent(/reset_token=([^\s&]+)/.exec(link)![1]!);
    await partner.auth.resetPassword({ resetToken, newPassword: 'partner-pass-3' });
    expect((await partner.auth.loginViaEmailPassword('partner@example.com', 'partner-pass-3')).user.email).toBe('partner@example.com');

    const stranger = client();
    await stranger.auth.register({ email: 'walk-in@example.com', password: 'walk-in-pass-1' });
    const strangerCode = /code is (\d{6})/.exec(await codeFor(admin, 'walk-in@example.com', 'otp'))![1]!;
    await stranger.auth.verifyOtp({ email: 'walk-in@example.com', otpCode: strangerCode });
    await stranger.auth.loginViaEmailPassword('walk-in@example.com', 'walk-in-pass-1');
    const refused = await stranger.auth.me().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Base44Error);
    expect(refused).toMatchObject({ status: 403, data: { extra_data: { reason: 'user_not_registered' } } });
  });

  it('sso, agents and a function the local platform does not provide', async () => {
    const service = client({ serviceToken: p.serviceToken });
    const users = await service.asServiceRole.entities.User!.filter({ email: ADMIN.email });
    const sso = (await service.asServiceRole.sso.getAccessToken(String(users[0]!.id))) as { access_token: string };
    const asAdmin = client({ token: sso.access_token });
    expect((await asAdmin.auth.me()).email).toBe(ADMIN.email);

    const conversation = await asAdmin.agents.createConversation({ agent_name: 'analyst' });
    const updates: Array<{ messages?: unknown[] }> = [];
    const stop = asAdmin.agents.subscribeToConversation(conversation.id, (update) => updates.push(update));
    await asAdmin.agents.addMessage(conversation, { role: 'user', content: 'hello' });
    const stored = await asAdmin.agents.getConversation(conversation.id);
    expect(stored.messages).toMatchObject([{ role: 'user', content: 'hello' }]);
    expect(updates.at(-1)?.messages).toHaveLength(1);
    stop();

    const failure = await asAdmin.functions.invoke('sendReport', { a: 1 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 404, code: 'not_provided' });
  });
});
