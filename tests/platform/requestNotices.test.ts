import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchRequestNotices } from '../../src/admin/people/requestNotices.ts';
import { createClient, type Base44Client } from '../../src/sdk/index.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// The admin's live notices with the deck's real client against the real local platform:
// what the toasts say, that only new requests speak, and that the undo really ends the subscriptions.
let p: TestPlatform;
const clients: Base44Client[] = [];

async function adminClient(): Promise<Base44Client> {
  const client = createClient({ serverUrl: p.url, appId: p.appId, storage: null, location: null, history: null, logger: { error: () => {} } });
  clients.push(client);
  await client.auth.loginViaEmailPassword(ADMIN.email, ADMIN.password);
  return client;
}

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.cleanup();
  await p?.close();
});

describe('watchRequestNotices', () => {
  it('announces new consultation and access requests with a link to the console, not their updates, and stops when undone', async () => {
    const notices: Array<{ message: string; href: string | undefined }> = [];
    const stop = watchRequestNotices(await adminClient(), (message, link) => notices.push({ message, href: link?.href }));
    const viewer = await registeredUser(p, 'viewer@lender.test', 'viewer-password-12');
    const consult = (preferred_times: string, token = viewer) => p.call('POST', '/entities/ConsultationRequest', { token, body: { preferred_times } });
    const admin = await p.login(ADMIN.email, ADMIN.password);

    // The socket connects on the first subscription: keep asking until one notice arrives. The
    // admin asks (an admin's writes are not counted against the viewers' 5 a day).
    let asked = 0;
    await eventually(
      async () => {
        if (notices.length === 0 && asked < 50) expect((await consult(`Tuesday, try ${asked++}`, admin)).status).toBe(200);
        return notices.length > 0;
      },
      { timeoutMs: 5000, what: 'a notice through the lazily connected socket' },
    );
    expect(notices[0]).toEqual({ message: `Consultation request from ${ADMIN.email}`, href: '/admin' });
    const warmed = notices.length;
    expect((await consult('Wednesday')).status).toBe(200);
    await eventually(() => notices.slice(warmed).some((notice) => notice.message === 'Consultation request from viewer@lender.test'), {
      what: "the viewer's consultation notice",
    });
    expect(notices.slice(warmed).filter((notice) => notice.message.includes('viewer@'))).toEqual([
      { message: 'Consultation request from viewer@lender.test', href: '/admin' },
    ]);

    const stranger = await registeredUser(p, 'stranger@elsewhere.test', 'stranger-password-12', false);
    const request = await p.call('POST', '/auth/request-access', { token: stranger, body: { message: 'Please' } });
    expect(request.status).toBe(200);
    await eventually(() => notices.some((notice) => notice.message === 'Access request from stranger@elsewhere.test'), { what: 'the access request notice' });
    const count = notices.length;

    // A decision is an update of the record: no notice. The socket keeps order, so once a later
    // consultation's notice is in, the decision's broadcast has been heard (and said nothing).
    expect((await p.call('POST', `/access-requests/${request.body.id}/decide`, { token: admin, body: { decision: 'approve' } })).status).toBe(200);
    expect((await consult('after the decision')).status).toBe(200);
    await eventually(() => notices.length > count, { what: 'the notice after the decision' });
    expect(notices.slice(count)).toEqual([{ message: 'Consultation request from viewer@lender.test', href: '/admin' }]);

    // After the undo nothing arrives: a second watcher's notice marks "it would have come by now".
    stop();
    const heard = notices.length;
    const marks: string[] = [];
    const stopMarks = watchRequestNotices(await adminClient(), (message) => marks.push(message));
    await eventually(
      async () => {
        if (marks.length === 0) await consult('after the undo', admin);
        return marks.length > 0;
      },
      { timeoutMs: 5000, what: "the second watcher's notice" },
    );
    expect(notices).toHaveLength(heard);
    stopMarks();
  });
});
