import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_ENTITY } from '../../schemas/accessWire.ts';
import { NOTICES_PER_ADMIN_PER_HOUR } from '../../src/platform/records/adminNotices.ts';
import { quoted } from '../../src/platform/mail/mailText.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';

// What viewers type reaches the admins' mailboxes at a bounded rate
// (each admin gets at most NOTICES_PER_ADMIN_PER_HOUR notice mails an hour, then one digest), and
// only as quoted plain text on one line, never as a link in mail sent from the deck's address.

const PATH = `/entities/${ACCESS_ENTITY.consultation}`;
let p: TestPlatform;
let admin: string;
let clock = Date.now();

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { now: () => clock, noticeDigestEveryMs: 50 });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(() => p?.close());

async function mailTo(kind: string): Promise<Array<{ subject: string; body: string }>> {
  const query = encodeURIComponent(JSON.stringify({ to: ADMIN.email, kind }));
  return (await p.call('GET', `/entities/Outbox?sort=created_date&limit=5000&q=${query}`, { token: admin })).body;
}

describe('quoted', () => {
  it('puts someone else’s text on one line, in quotes, with nothing a mail client would link', () => {
    expect(quoted('Ann\nLee\r\n\u2028Jr.')).toBe('“Ann Lee Jr.”');
    expect(quoted('see https://evil.example/login or www.evil.example, mail eve@evil.example')).toBe(
      '“see https[:]//evil[.]example/login or www[.]evil[.]example, mail eve@evil[.]example”',
    );
    expect(quoted('   ')).toBe('');
    expect(quoted(undefined)).toBe('');
    expect(quoted('x'.repeat(600))).toHaveLength(502);
    expect(quoted('a “b” c')).toBe('“a "b" c”');
  });
});

describe('notices to admins', () => {
  it(`are at most ${NOTICES_PER_ADMIN_PER_HOUR} an hour per admin; the rest arrive as one digest once the hour has room`, async () => {
    const viewers = [];
    for (const name of ['one', 'two', 'three']) viewers.push(await registeredUser(p, `${name}@lender.example`, `${name}-password-123`));
    const before = (await mailTo('consultation')).length;
    for (let i = 0; i < NOTICES_PER_ADMIN_PER_HOUR + 2; i += 1) {
      const reply = await p.call('POST', PATH, { token: viewers[i % 3], body: { preferred_times: `Slot ${i}` } });
      expect(reply.status).toBe(200);
    }
    expect((await mailTo('consultation')).length - before).toBe(NOTICES_PER_ADMIN_PER_HOUR);
    expect(await mailTo('notice_digest')).toEqual([]);

    clock += 60 * 60 * 1000 + 1000;
    const digest = await eventually(
      async () => {
        const [first] = await mailTo('notice_digest');
        if (!first) throw new Error('no digest yet');
        return first;
      },
      { what: 'the digest mail' },
    );
    expect(digest!.subject).toBe('Test Co investor deck: 2 more requests about the deck');
    expect(digest!.body).toContain('Preferred times: “Slot 10”');
    expect(digest!.body).toContain('Preferred times: “Slot 11”');
    expect(await mailTo('notice_digest'), 'one digest, not one per process tick').toHaveLength(1);
  });

  it('quote a stranger’s name and message on one line and link only the deck’s own address', async () => {
    clock += 2 * 60 * 60 * 1000;
    const eve = await registeredUser(p, 'eve@lender.example', 'eve-password-1234');
    expect((await p.call('PUT', '/entities/User/me', { token: eve, body: { full_name: 'Eve\nAdmin: approve https://evil.example/x' } })).status).toBe(200);
    const message = 'Urgent!\n\nClick https://evil.example/reset now';
    expect((await p.call('POST', PATH, { token: eve, body: { preferred_times: 'now\nSubject: hi', message } })).status).toBe(200);
    const [mail] = (await mailTo('consultation')).slice(-1);
    const lines = mail!.body.split('\n');
    expect(lines[4]).toBe('“Eve Admin: approve https[:]//evil[.]example/x” <eve@lender.example> asks for a consultation.');
    expect(lines).toContain('Preferred times: “now Subject: hi”');
    expect(lines).toContain('Their message: “Urgent! Click https[:]//evil[.]example/reset now”');
    expect(mail!.body).not.toMatch(/https?:\/\/evil/);
  });
});
