import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CALL } from '../../schemas/auditPaths.ts';
import { FIGURES_FILE, LEDGER_FORMAT, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { WEBHOOK_CALL, WEBHOOK_RETRY_MINUTES, type WebhookDelivery, type WebhookState } from '../../schemas/newsPaths.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { QUESTION_ENTITY } from '../../schemas/questionPaths.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';
import { ALPHA, twoPartners } from './twoPartners.ts';

// The owners' news as signed webhooks, against a receiver on loopback that checks each signature the
// way docs/sharing.md tells a receiver to: the address validated, the secret shown once, every change
// audited; a delivery that fails is tried again after 1, 5, 30, 120 and 720 minutes (the clock is
// moved), then given up; the console's list shows each delivery's event, status and attempts.

const work = mkdtempSync(join(tmpdir(), 'owner-webhook-'));
const staticDir = join(work, 'dist');
mkdirSync(staticDir, { recursive: true });
mkdirSync(join(work, NOTES_DIR), { recursive: true });
const LEDGER: LedgerSnapshot = {
  format: LEDGER_FORMAT,
  figures: {},
  pages: { '/market': { name: 'Market', label: 'Market', order: 4, fingerprint: 'm', figures: [] } },
};
writeFileSync(join(work, NOTES_DIR, FIGURES_FILE), JSON.stringify(LEDGER));

const MINUTE = 60_000;
let offset = 0;
const fakeNow = () => Date.now() + offset;

/** One request the receiver got, and whether its signature and timestamp held. */
interface Received {
  event: string;
  delivery: string;
  body: any;
  signed: boolean;
  answered: number;
}
const received: Received[] = [];
let secret = '';
let receiver: Server;
let hookUrl = '';

/** A receiver as the owners' guide describes: HMAC-SHA256 of `{timestamp}.{raw body}`, a fresh timestamp. It fails the first two attempts of a first open and every question. */
function startReceiver(): Promise<void> {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-deck-timestamp'] ?? '');
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
      const fresh = Math.abs(fakeNow() / 1000 - Number(timestamp)) <= 300;
      const event = String(request.headers['x-deck-event'] ?? '');
      const delivery = String(request.headers['x-deck-delivery'] ?? '');
      const earlier = received.filter((one) => one.delivery === delivery).length;
      const answered = event === 'question.asked' || (event === 'partner.first_open' && earlier < 2) ? 500 : 204;
      received.push({ event, delivery, body: JSON.parse(raw), signed: fresh && request.headers['x-deck-signature'] === expected, answered });
      response.writeHead(answered).end();
    });
  });
  return new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
}

let p: TestPlatform;
let admin: string;
let partner: string;
const sockets: Socket[] = [];
const state = async (): Promise<WebhookState> => (await p.call('GET', WEBHOOK_CALL, { token: admin })).body;
const deliveryOf = async (event: string): Promise<WebhookDelivery | undefined> => (await state()).deliveries.find((one) => one.event === event);

beforeAll(async () => {
  await startReceiver();
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook?token=receiver-own-token`;
  p = await startTestPlatform('private_with_login', { staticDir, now: fakeNow, newsEveryMs: 40 });
  admin = await p.login(ADMIN.email, ADMIN.password);
  partner = (await twoPartners(p, admin))[0].token;
}, 90_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
  receiver?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the deck's webhook", () => {
  it('takes only an https address (http only to this machine), and a 400 names the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^url: is required/],
      [{ url: 'not an address' }, /^url: is not an address/],
      [{ url: 'http://hooks.example.com/deck' }, /^url: must be https/],
      [{ url: 'http://localhost.evil.example/deck' }, /^url: must be https/],
      [{ url: 'ftp://hooks.example.com/deck' }, /^url: must be https/],
      [{ url: 'https://user:pass@hooks.example.com/deck' }, /^url: must not carry a user or password/],
      [{ url: `https://hooks.example.com/${'x'.repeat(2000)}` }, /^url: must be at most 2000 characters/],
      [{ url: 'https://hooks.example.com/deck', secret: 'mine' }, /secret/],
    ];
    for (const [body, detail] of cases) {
      const reply = await p.call('PUT', WEBHOOK_CALL, { token: admin, body });
      expect({ status: reply.status, detail: reply.body.detail }, JSON.stringify(body).slice(0, 80)).toMatchObject({
        status: 400,
        detail: expect.stringMatching(detail),
      });
    }
    expect((await state()).url, 'nothing was set').toBeNull();
  });

  it('is set by admins only, shows its secret once, and every change is in the audit log without the query', async () => {
    expect((await p.call('PUT', WEBHOOK_CALL, { token: partner, body: { url: hookUrl } })).status).toBe(403);
    expect((await p.call('GET', WEBHOOK_CALL, { token: partner })).status).toBe(403);
    const first = await p.call('PUT', WEBHOOK_CALL, { token: admin, body: { url: 'https://hooks.example.com/first' } });
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^whsec_[\w-]{43}$/);
    const again = await p.call('PUT', WEBHOOK_CALL, { token: admin, body: { url: hookUrl } });
    expect(again.body, 'the same secret, not shown again').not.toHaveProperty('secret');
    const rotated = await p.call('PUT', WEBHOOK_CALL, { token: admin, body: { url: hookUrl, new_secret: true } });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(first.body.secret);
    secret = rotated.body.secret;
    const read = await state();
    expect(read).toMatchObject({ url: hookUrl, set_by: ADMIN.email, deliveries: [] });
    expect(JSON.stringify(read)).not.toContain(secret);
    const logged = (await p.call('GET', `${AUDIT_CALL}?action=webhook_set`, { token: admin })).body as Array<{ target: string; detail: unknown }>;
    expect(logged.map((entry) => [entry.target, entry.detail])).toEqual([
      [hookUrl.replace(/\?.*$/, ''), { new_secret: true }],
      [hookUrl.replace(/\?.*$/, ''), { new_secret: false }],
      ['https://hooks.example.com/first', { new_secret: true }],
    ]);
  });

  it('delivers a first open signed, and after two failures tries again 1 and 5 minutes later until it is delivered', async () => {
    await openConnected(p, partner, sockets, { forceNew: true });
    await eventually(() => expect(received.map((one) => one.answered)).toEqual([500]), { what: 'the first attempt' });
    const pending = await deliveryOf('partner.first_open');
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_error: 'the receiver answered 500' });
    expect(Math.abs(Date.parse(pending!.next_at!) - fakeNow() - WEBHOOK_RETRY_MINUTES[0] * MINUTE), 'the retry is due a minute after').toBeLessThan(20_000);
    offset += WEBHOOK_RETRY_MINUTES[0] * MINUTE;
    await eventually(() => expect(received.map((one) => one.answered)).toEqual([500, 500]), { what: 'the second attempt' });
    const second = await deliveryOf('partner.first_open');
    expect(Math.abs(Date.parse(second!.next_at!) - fakeNow() - WEBHOOK_RETRY_MINUTES[1] * MINUTE), 'then five minutes').toBeLessThan(20_000);
    offset += WEBHOOK_RETRY_MINUTES[1] * MINUTE;
    await eventually(async () => expect(await deliveryOf('partner.first_open')).toMatchObject({ status: 'delivered', attempts: 3, last_status: 204 }), {
      what: 'the third attempt delivered',
    });
    expect(received.map((one) => one.answered)).toEqual([500, 500, 204]);
    expect(
      received.every((one) => one.signed),
      'every attempt signed with the secret over its timestamp and body',
    ).toBe(true);
    expect(new Set(received.map((one) => one.delivery)).size, 'one delivery id on every retry').toBe(1);
    expect(received[0]!.body).toMatchObject({ event: 'partner.first_open', deck: p.appId, partner: { email: ALPHA.email }, id: received[0]!.delivery });
  });

  it('gives a delivery up after the fifth retry, spaced 1, 5, 30, 120 and 720 minutes; a question names its page as read', async () => {
    expect((await p.call('POST', `/entities/${QUESTION_ENTITY}`, { token: partner, body: { path: '/market', question: 'Split by state?' } })).status).toBe(200);
    const questionAttempts = () => received.filter((one) => one.event === 'question.asked');
    await eventually(() => expect(questionAttempts()).toHaveLength(1), { what: 'the question’s first attempt' });
    expect(questionAttempts()[0]!.body.data).toMatchObject({ page: '4 · Market', question: 'Split by state?', figure: null });
    for (const [index, minutes] of WEBHOOK_RETRY_MINUTES.entries()) {
      const waiting = await deliveryOf('question.asked');
      expect(waiting, `after attempt ${index + 1}`).toMatchObject({ status: 'pending', attempts: index + 1 });
      expect(Math.abs(Date.parse(waiting!.next_at!) - fakeNow() - minutes * MINUTE), `attempt ${index + 2} due ${minutes} min later`).toBeLessThan(20_000);
      offset += minutes * MINUTE;
      await eventually(() => expect(questionAttempts()).toHaveLength(index + 2), { what: `attempt ${index + 2}` });
    }
    await eventually(async () => expect(await deliveryOf('question.asked')).toMatchObject({ status: 'failed', attempts: 6, next_at: null }), {
      what: 'the delivery given up',
    });
    expect(questionAttempts().every((one) => one.signed)).toBe(true);
  });

  it('is removed by an admin, audited, and then nothing more is queued', async () => {
    const removed = await p.call('DELETE', WEBHOOK_CALL, { token: admin });
    expect(removed).toMatchObject({ status: 200, body: { url: null } });
    const logged = (await p.call('GET', `${AUDIT_CALL}?action=webhook_removed`, { token: admin })).body;
    expect(logged).toEqual([expect.objectContaining({ actor: ADMIN.email, target: hookUrl.replace(/\?.*$/, '') })]);
    const before = (await state()).deliveries.length;
    expect((await p.call('POST', `/entities/${QUESTION_ENTITY}`, { token: partner, body: { path: '/market', question: 'And now?' } })).status).toBe(200);
    expect((await state()).deliveries).toHaveLength(before);
  });
});
