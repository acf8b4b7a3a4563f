import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_ENTITY } from '../../schemas/accessWire.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// "Schedule a Consultation": an admitted viewer asks through the generic entity routes;
// the platform checks the fields, adds who asked and the status, keeps the request from other
// viewers, and mails the admins.

let p: TestPlatform;
let admin: string;
let ann: string;
let bob: string;
const PATH = `/entities/${ACCESS_ENTITY.consultation}`;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  ann = await registeredUser(p, 'ann@lender.example');
  bob = await registeredUser(p, 'bob@lender.example');
  await p.call('PUT', '/entities/User/me', { token: ann, body: { full_name: 'Ann Lee' } });
}, 60_000);
afterAll(() => p?.close());

const all = async () => (await p.call('GET', `${PATH}?limit=5000`, { token: admin })).body as Array<Record<string, unknown>>;
async function consultationMail(): Promise<Array<Record<string, string>>> {
  const query = encodeURIComponent(JSON.stringify({ to: ADMIN.email, kind: 'consultation' }));
  return (await p.call('GET', `/entities/Outbox?sort=-created_date&q=${query}`, { token: admin })).body;
}

describe('a consultation request', () => {
  let id: string;

  it('is made by a viewer, stamped with who asked and status new, and mailed to the admins', async () => {
    const made = await p.call('POST', PATH, { token: ann, body: { preferred_times: 'Tuesday afternoon, Eastern', message: 'About the hub model' } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      preferred_times: 'Tuesday afternoon, Eastern',
      message: 'About the hub model',
      status: 'new',
      email: 'ann@lender.example',
      full_name: 'Ann Lee',
      created_by: 'ann@lender.example',
    });
    id = made.body.id;
    const [mail] = await consultationMail();
    expect(mail).toMatchObject({ kind: 'consultation', subject: 'Test Co investor deck: A consultation request' });
    expect(mail!.body).toContain('“Ann Lee” <ann@lender.example> asks for a consultation.');
    expect(mail!.body).toContain('Preferred times: “Tuesday afternoon, Eastern”');
    expect(mail!.body).toMatch(/Open the console to answer it:\n\S+\/admin\n/);
  });

  it('without preferred_times, with a field of the platform or an unknown one, is a 400 naming it, and nothing is written or mailed', async () => {
    const before = await all();
    const mailed = (await consultationMail()).length;
    const cases: Array<[unknown, string]> = [
      [{ message: 'no times' }, 'preferred_times: is required'],
      [{ preferred_times: '   ' }, 'preferred_times: must say when suits you, such as "Tuesday or Wednesday afternoon, Eastern"'],
      [{ preferred_times: 'Monday', status: 'handled' }, `status: is not a field of ${ACCESS_ENTITY.consultation}`],
      [{ preferred_times: 'Monday', email: 'ceo@host.example' }, `email: is not a field of ${ACCESS_ENTITY.consultation}`],
      [{ preferred_times: 'x'.repeat(501) }, 'preferred_times: must be at most 500 characters'],
    ];
    for (const [body, detail] of cases) {
      const reply = await p.call('POST', PATH, { token: bob, body });
      expect({ status: reply.status, detail: reply.body.detail }).toEqual({ status: 400, detail });
    }
    const bulk = await p.call('POST', `${PATH}/bulk`, { token: admin, body: [{ preferred_times: 'Monday' }, { message: 'none' }] });
    expect(bulk.body.detail).toBe('body[1].preferred_times: is required');
    expect(await all()).toEqual(before);
    expect(await consultationMail()).toHaveLength(mailed);
  });

  it('is hidden from another viewer, who can neither list, read, change nor delete it', async () => {
    expect((await p.call('GET', PATH, { token: bob })).body).toEqual([]);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect((await p.call(method, `${PATH}/${id}`, { token: bob, body: method === 'PUT' ? { status: 'handled' } : undefined })).status).toBe(404);
    }
    // Its maker reads it but may not settle it.
    expect((await p.call('GET', PATH, { token: ann })).body.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await p.call('PUT', `${PATH}/${id}`, { token: ann, body: { status: 'handled' } })).status).toBe(403);
  });

  it('is listed for the admin, who marks it handled; a status it does not know is a 400', async () => {
    const listed = await all();
    expect(listed.map((r) => r.id)).toContain(id);
    const bad = await p.call('PUT', `${PATH}/${id}`, { token: admin, body: { status: 'done' } });
    expect({ status: bad.status, detail: bad.body.detail }).toEqual({ status: 400, detail: 'status: must be new or handled' });
    const current = listed.find((r) => r.id === id)!;
    const handled = await p.call('PUT', `${PATH}/${id}`, { token: admin, body: { ...current, status: 'handled' } });
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({ status: 'handled', email: 'ann@lender.example' });
    const forged = await p.call('PUT', `${PATH}/${id}`, { token: admin, body: { email: 'other@x.example' } });
    expect(forged.body.detail).toBe(`email: is not a field of ${ACCESS_ENTITY.consultation}`);
  });

  it('is made one at a time by a viewer: bulk create and import are refused (403) and nothing is written or mailed', async () => {
    const before = await all();
    const mailed = (await consultationMail()).length;
    const bulk = await p.call('POST', `${PATH}/bulk`, { token: bob, body: [{ preferred_times: 'Monday' }, { preferred_times: 'Friday' }] });
    expect({ status: bulk.status, detail: bulk.body.detail }).toEqual({ status: 403, detail: `You may not bulk create ${ACCESS_ENTITY.consultation} records` });
    const form = new FormData();
    form.append('file', new File(['preferred_times\nMonday\n'], 'requests.csv', { type: 'text/csv' }));
    const imported = await p.call('POST', `${PATH}/import`, { token: bob, body: form });
    expect({ status: imported.status, detail: imported.body.detail }).toEqual({
      status: 403,
      detail: `You may not import ${ACCESS_ENTITY.consultation} records`,
    });
    expect(await all()).toEqual(before);
    expect(await consultationMail()).toHaveLength(mailed);
  });

  it('made several at once by an admin (bulk) reaches each admin as one mail', async () => {
    const mailed = (await consultationMail()).length;
    const made = await p.call('POST', `${PATH}/bulk`, { token: admin, body: [{ preferred_times: 'Monday' }, { preferred_times: 'Friday' }] });
    expect(made.status).toBe(200);
    expect(made.body.map((r: { status: string; email: string }) => [r.status, r.email])).toEqual([
      ['new', ADMIN.email],
      ['new', ADMIN.email],
    ]);
    const mail = await consultationMail();
    expect(mail).toHaveLength(mailed + 1);
    expect(mail[0]).toMatchObject({ subject: 'Test Co investor deck: 2 new consultation requests' });
  });
});

describe('the rate of consultation requests', () => {
  it('is 5 per viewer per 24 h: the 6th is a 429 saying when, and nothing more is written or mailed', async () => {
    const cara = await registeredUser(p, 'cara@lender.example', 'cara-password-12');
    // In parallel: the places are taken in one locked step, so a burst gets no more than a sequence.
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => p.call('POST', PATH, { token: cara, body: { preferred_times: `Slot ${i}` } })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = replies.find((reply) => reply.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.detail).toMatch(/^ConsultationRequest: at most 5 consultation requests per 24 h for each person; try again in (23 h \d+ min|24 h)$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const mine = (await all()).filter((record) => record.email === 'cara@lender.example');
    expect(mine).toHaveLength(5);
    // Another viewer has places of their own; an admin is not counted.
    expect((await p.call('POST', PATH, { token: ann, body: { preferred_times: 'Later' } })).status).toBe(200);
  });
});
