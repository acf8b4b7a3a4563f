import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

let p: TestPlatform;
let admin: string;
let user: string;

const q = (query: unknown, extra = '') => `?q=${encodeURIComponent(JSON.stringify(query))}${extra}`;
const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

beforeAll(async () => {
  p = await startTestPlatform('private_with_login');
  admin = await p.login(ADMIN.email, ADMIN.password);
  user = await registeredUser(p, 'member@example.com');
  const seed = [
    { name: 'alpha', n: 1, tags: ['x', 'y'], city: { name: 'Austin' } },
    { name: 'bravo', n: 2, tags: ['y'], city: { name: 'Boston' } },
    { name: 'charlie', n: 3, flag: true },
    { name: 'delta', n: 10, flag: false, note: null },
    { name: 'echo', n: '7' },
  ];
  const bulk = await p.call('POST', '/entities/Item/bulk', { token: admin, body: seed });
  expect(bulk.status).toBe(200);
}, 60_000);
afterAll(() => p?.close());

describe('records', () => {
  it('create, get, update, delete carry the system fields', async () => {
    const created = await p.call('POST', '/entities/Note', { token: user, body: { text: 'hi', id: 'forged', created_by: 'someone' } });
    expect(created.body).toMatchObject({ text: 'hi', created_by: 'member@example.com', created_by_id: expect.any(String) });
    expect(created.body.id).not.toBe('forged');
    expect(created.body.created_date).toMatch(/^\d{4}-\d\d-\d\dT/);
    const id = created.body.id;
    expect((await p.call('GET', `/entities/Note/${id}`, { token: user })).body.text).toBe('hi');
    // The update must land on a later millisecond than the create, to show updated_date moves.
    await eventually(() => Date.now() > Date.parse(created.body.updated_date), { what: 'a later millisecond' });
    const updated = await p.call('PUT', `/entities/Note/${id}`, { token: user, body: { text: 'bye', extra: 1 } });
    expect(updated.body).toMatchObject({ id, text: 'bye', extra: 1, created_date: created.body.created_date });
    expect(updated.body.updated_date > created.body.updated_date).toBe(true);
    expect((await p.call('DELETE', `/entities/Note/${id}`, { token: user })).status).toBe(200);
    expect((await p.call('GET', `/entities/Note/${id}`, { token: user })).status).toBe(404);
    expect((await p.call('PUT', `/entities/Note/${id}`, { token: user, body: {} })).status).toBe(404);
  });

  // The seeded Items are the admin's; a plain member sees none of them (attackAccess.test.ts).
  it('lists sort ascending and descending, with limit, skip and fields', async () => {
    expect(names((await p.call('GET', '/entities/Item?sort=name', { token: admin })).body)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(names((await p.call('GET', '/entities/Item?sort=-name&limit=2&skip=1', { token: admin })).body)).toEqual(['delta', 'charlie']);
    const projected = (await p.call('GET', '/entities/Item?sort=name&limit=1&fields=name,n', { token: admin })).body;
    expect(projected).toEqual([{ id: expect.any(String), name: 'alpha', n: 1 }]);
    expect(names((await p.call('GET', '/entities/Item?sort=city.name&limit=2', { token: admin })).body)).toEqual(['alpha', 'bravo']);
    expect((await p.call('GET', '/entities/Item', { token: user })).body).toEqual([]);
  });

  it('keeps insertion order for records created in the same millisecond', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ i }));
    await p.call('POST', '/entities/Ordered/bulk', { token: admin, body: rows });
    const oldestFirst = (await p.call('GET', '/entities/Ordered?sort=created_date', { token: admin })).body;
    expect(oldestFirst.map((r: { i: number }) => r.i)).toEqual(rows.map((r) => r.i));
    const newestFirst = (await p.call('GET', '/entities/Ordered', { token: admin })).body;
    expect(newestFirst.map((r: { i: number }) => r.i)).toEqual(rows.map((r) => r.i).reverse());
  });

  it('filters with every q operator', async () => {
    const run = async (query: unknown) => names((await p.call('GET', `/entities/Item${q(query, '&sort=name')}`, { token: admin })).body);
    expect(await run({ name: 'bravo' })).toEqual(['bravo']);
    expect(await run({ n: { $eq: 3 } })).toEqual(['charlie']);
    expect(await run({ n: { $ne: 1 } })).toEqual(['bravo', 'charlie', 'delta', 'echo']);
    // Numbers compare as numbers (10 > 3) and never with strings ('7' is text).
    expect(await run({ n: { $gt: 2 } })).toEqual(['charlie', 'delta']);
    expect(await run({ n: { $gte: 2, $lt: 10 } })).toEqual(['bravo', 'charlie']);
    expect(await run({ n: { $lte: 1 } })).toEqual(['alpha']);
    expect(await run({ name: { $in: ['alpha', 'echo', 'zulu'] } })).toEqual(['alpha', 'echo']);
    expect(await run({ name: { $nin: ['alpha', 'echo'] } })).toEqual(['bravo', 'charlie', 'delta']);
    expect(await run({ $or: [{ n: 1 }, { flag: true }] })).toEqual(['alpha', 'charlie']);
    expect(await run({ $and: [{ n: { $gt: 1 } }, { n: { $lt: 3 } }] })).toEqual(['bravo']);
    expect(await run({ tags: 'y' })).toEqual(['alpha', 'bravo']);
    expect(await run({ flag: false })).toEqual(['delta']);
    expect(await run({ note: null })).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(await run({ 'city.name': 'Boston' })).toEqual(['bravo']);
    expect(await run({})).toHaveLength(5);
  });

  it('deleteMany (admins only) removes what its query body matches', async () => {
    for (const k of [1, 2, 3]) expect((await p.call('POST', '/entities/Temp', { token: user, body: { k } })).status).toBe(200);
    expect((await p.call('DELETE', '/entities/Temp', { token: user, body: { k: { $gte: 2 } } })).status).toBe(403);
    const removed = await p.call('DELETE', '/entities/Temp', { token: admin, body: { k: { $gte: 2 } } });
    expect(removed.body).toEqual({ success: true, deleted: 2 });
    expect((await p.call('GET', '/entities/Temp', { token: user })).body.map((r: { k: number }) => r.k)).toEqual([1]);
  });

  it('caps limit at 5000', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => ({ i }));
    expect((await p.call('POST', '/entities/Many/bulk', { token: admin, body: rows })).status).toBe(400);
    await p.call('POST', '/entities/Many/bulk', { token: admin, body: rows.slice(0, 5000) });
    await p.call('POST', '/entities/Many', { token: admin, body: { i: 5000 } });
    expect((await p.call('GET', '/entities/Many?limit=9999&fields=i', { token: admin })).body).toHaveLength(5000);
  });
});

describe('import', () => {
  const upload = (name: string, type: string, content: string) => {
    const form = new FormData();
    form.append('file', new File([content], name, { type }));
    return p.call('POST', '/entities/Imported/import', { token: admin, body: form });
  };

  it('imports CSV with numbers and booleans typed, and JSON arrays', async () => {
    const csv = await upload('people.csv', 'text/csv', 'name,age,active,zip\nAnn,41,true,02134\n"Bo, Jr.",7,false,\n');
    expect(csv.status).toBe(200);
    expect(csv.body.imported).toBe(2);
    const rows = (await p.call('GET', '/entities/Imported?sort=age', { token: admin })).body;
    expect(rows.map((r: Record<string, unknown>) => [r.name, r.age, r.active, r.zip])).toEqual([
      ['Bo, Jr.', 7, false, undefined],
      ['Ann', 41, true, '02134'],
    ]);
    const json = await upload('more.json', 'application/json', JSON.stringify([{ name: 'Cy', age: 3 }]));
    expect(json.body.imported).toBe(1);
    // A nameless Blob (the client names it "import") is judged by its content.
    expect((await upload('import', '', JSON.stringify([{ name: 'Di', age: 5 }]))).body.imported).toBe(1);
    expect((await upload('import', '', 'name,age\nEd,6\n')).body.imported).toBe(1);
  });

  it('a bad row writes nothing and the error names the row', async () => {
    const before = (await p.call('GET', '/entities/Imported', { token: admin })).body.length;
    const csv = await upload('bad.csv', 'text/csv', 'name,age\nA,1\nB\nC,3\n');
    expect(csv.status).toBe(400);
    expect(csv.body.detail).toMatch(/^file row 2 \(line 3\):/);
    const json = await upload('bad.json', 'application/json', JSON.stringify([{ a: 1 }, { a: 2 }, 'oops']));
    expect(json.status).toBe(400);
    expect(json.body.detail).toBe('file row 3: must be a JSON object');
    expect((await p.call('GET', '/entities/Imported', { token: admin })).body.length).toBe(before);
    expect((await upload('notes.txt', 'text/plain', 'hello')).body.detail).toMatch(/^file: must be a \.csv or \.json/);
    const noFile = await p.call('POST', '/entities/Imported/import', { token: admin, body: new FormData() });
    expect(noFile.body.detail).toMatch(/^file: is missing/);
  });
});

describe('bad input is a 400 naming the field, never a 500', () => {
  const cases: Array<[string, string, unknown, RegExp]> = [
    ['GET', `/entities/Item${q({ n: { $regex: 'a' } })}`, undefined, /^q\.n\.\$regex: unknown operator \$regex/],
    ['GET', `/entities/Item${q({ $where: 'x' })}`, undefined, /^q\.\$where: unknown operator/],
    ['GET', `/entities/Item${q({ n: { $in: 3 } })}`, undefined, /^q\.n\.\$in: \$in needs an array/],
    ['GET', `/entities/Item${q({ n: { $gt: { a: 1 } } })}`, undefined, /^q\.n\.\$gt:/],
    ['GET', `/entities/Item${q({ $or: [] })}`, undefined, /^q\.\$or:/],
    ['GET', `/entities/Item${q({ "a'; DROP TABLE entities; --": 1 })}`, undefined, /is not a valid field name/],
    ['GET', '/entities/Item?q=%7Bnot-json', undefined, /^q: is not valid JSON/],
    ['GET', `/entities/Item${q([1, 2])}`, undefined, /^q: must be a JSON object/],
    ['GET', '/entities/Item?limit=abc', undefined, /^limit:/],
    ['GET', '/entities/Item?limit=-1', undefined, /^limit:/],
    ['GET', '/entities/Item?skip=1.5', undefined, /^skip:/],
    ['GET', '/entities/Item?sort=-bad%20field', undefined, /^sort:/],
    ['GET', '/entities/1Bad', undefined, /^entity:/],
    ['GET', `/entities/${'A'.repeat(65)}`, undefined, /^entity:/],
    ['POST', '/entities/Bad-Name', { a: 1 }, /^entity:/],
    ['POST', '/entities/Item', '{"broken": ', /^body: is not valid JSON/],
    ['POST', '/entities/Item', [1, 2], /^body: must be a JSON object/],
    ['POST', '/entities/Item/bulk', { a: 1 }, /^body: must be a JSON array/],
    ['POST', '/entities/Item/bulk', [{ a: 1 }, 7], /^body\[1\]: must be a JSON object/],
    ['DELETE', '/entities/Item', { n: { $foo: 1 } }, /^body\.n\.\$foo: unknown operator/],
    ['POST', '/agents/conversations', { metadata: {} }, /^agent_name:/],
  ];
  it.each(cases)('%s %s', async (method, path, body, detail) => {
    const reply = await p.call(method, path, { token: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toMatch(detail);
    // The bad requests above changed nothing: every seeded record is still there.
    expect((await p.call('GET', '/entities/Item', { token: admin })).body).toHaveLength(5);
  });

  it('bodies over 1 MB get 413, imports over 5 MB get 413', async () => {
    const big = await p.call('POST', '/entities/Item', { token: admin, body: { blob: 'x'.repeat(1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
    const form = new FormData();
    form.append('file', new File(['a\n' + 'x\n'.repeat(2.6 * 1024 * 1024)], 'huge.csv', { type: 'text/csv' }));
    const huge = await p.call('POST', '/entities/Item/import', { token: admin, body: form });
    expect(huge.status).toBe(413);
  });
});

describe('isolation between apps', () => {
  it("one app's token cannot read another app's records, and the other app's admin sees only its own", async () => {
    await p.addApp('other', 'private_with_login', { email: 'boss@other.test', password: 'other-password-1' });
    const otherAdmin = (await p.call('POST', '/auth/login', { app: 'other', body: { email: 'boss@other.test', password: 'other-password-1' } })).body
      .access_token;
    expect((await p.call('GET', '/entities/Item', { app: 'other', token: admin })).status).toBe(401);
    expect((await p.call('GET', '/entities/Item', { token: otherAdmin })).status).toBe(401);
    expect((await p.call('GET', '/entities/Item', { app: 'other', token: otherAdmin })).body).toEqual([]);
    const any = (await p.call('GET', '/entities/Item?limit=1', { token: admin })).body[0];
    expect((await p.call('GET', `/entities/Item/${any.id}`, { app: 'other', token: otherAdmin })).status).toBe(404);
    expect((await p.call('DELETE', '/entities/Item', { app: 'other', token: otherAdmin, body: {} })).body.deleted).toBe(0);
    expect((await p.call('GET', '/entities/Item', { token: admin })).body).toHaveLength(5);
  });
});
