import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CALL } from '../../schemas/auditPaths.ts';
import { ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { FIGURES_FILE, LEDGER_FORMAT, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { NEWS_CALL } from '../../schemas/newsPaths.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { QUESTION_ENTITY } from '../../schemas/questionPaths.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtpServer.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';
import { ALPHA, BETA, expectOnlyOwn, type Partner } from './twoPartners.ts';

// The owners told, over a real SMTP server on loopback: a partner's first open, a finished visit (30
// minutes after their last sign, no tab open) and each question reach every admin who has not switched
// the mail off, bundled into at most one mail an hour per owner and partner (the clock is moved, the
// sweep runs every few milliseconds); an answer reaches a partner by mail only when their deck is closed.
// Pages are named as the partner reads them ("4 · Market"), never by their address.

const work = mkdtempSync(join(tmpdir(), 'owner-news-'));
const staticDir = join(work, 'dist');
mkdirSync(staticDir, { recursive: true });
mkdirSync(join(work, NOTES_DIR), { recursive: true });
const LEDGER: LedgerSnapshot = {
  format: LEDGER_FORMAT,
  figures: {
    'market.homeEquity': { label: 'Home equity', value: { kind: 'count', n: 1 } as never, text: '$13.95T', source: null, asOf: null, pages: ['/market'] },
  },
  pages: {
    '/market': { name: 'Market', label: 'Market', order: 4, fingerprint: 'm', figures: ['market.homeEquity'] },
    '/problem': { name: 'Problem', label: 'Problem', order: 3, fingerprint: 'p', figures: [] },
  },
};
writeFileSync(join(work, NOTES_DIR, FIGURES_FILE), JSON.stringify(LEDGER));

const MINUTE = 60_000;
const SECOND_ADMIN = { email: 'quiet-owner@test.local', password: 'quiet-owner-pass-1' };
let offset = 0;
let smtp: TestSmtpServer;
let p: TestPlatform;
let admin: string;
let quiet: string;
let ann: { token: string; id: string };
let bob: { token: string; id: string };
const sockets: Socket[] = [];

/** Invites (by the service role), registers with the mailed code, and signs in; token and id. */
async function signUp(email: string, password: string, role: 'user' | 'admin', prepared_for?: Partner['prepared_for']): Promise<{ token: string; id: string }> {
  const invited = await p.call('POST', '/users/invite-user', {
    token: p.serviceToken,
    body: { user_email: email, role, ...(prepared_for ? { prepared_for } : {}) },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  expect((await p.call('POST', '/auth/register', { body: { email, password } })).status).toBe(200);
  const code = /code is (\d{6})/.exec((await smtp.waitForMail(email, 'verification code')).text)?.[1];
  const verified = await p.call('POST', '/auth/verify-otp', { body: { email, otp_code: code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const token = verified.body.access_token as string;
  return { token, id: (await p.call('GET', '/entities/User/me', { token })).body.id as string };
}

const newsTo = (to: string, about: string) => smtp.messages.filter((mail) => mail.to.includes(to) && mail.subject.includes(about));

async function waitingFor(ownerEmail: string): Promise<string[]> {
  const rows = await p.db.query<{ kind: string }>('SELECT w.kind FROM news_waiting w JOIN users u ON u.id = w.owner_id WHERE u.email = $1 ORDER BY w.id', [
    ownerEmail,
  ]);
  return rows.rows.map((row) => row.kind);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  p = await startTestPlatform('private_with_login', { staticDir, smtpUrl: smtp.url, now: () => Date.now() + offset, newsEveryMs: 40 });
  admin = await p.login(ADMIN.email, ADMIN.password);
  quiet = (await signUp(SECOND_ADMIN.email, SECOND_ADMIN.password, 'admin')).token;
  ann = await signUp(ALPHA.email, ALPHA.password, 'user', ALPHA.prepared_for);
  bob = await signUp(BETA.email, BETA.password, 'user', BETA.prepared_for);
  await p.call('PUT', '/entities/User/me', { token: ann.token, body: { full_name: 'Ann Alpha' } });
}, 90_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
  await smtp?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("each admin's own mail choice", () => {
  it('is on until switched off, set by the admin for themself, audited, and a 400 naming the field for anything but true or false', async () => {
    expect(await p.call('GET', NEWS_CALL, { token: admin })).toMatchObject({ status: 200, body: { mail: true } });
    expect(await p.call('PUT', NEWS_CALL, { token: quiet, body: { mail: false } })).toMatchObject({ status: 200, body: { mail: false } });
    expect((await p.call('GET', NEWS_CALL, { token: quiet })).body, 'one admin’s choice is their own').toEqual({ mail: false });
    expect((await p.call('GET', NEWS_CALL, { token: admin })).body).toEqual({ mail: true });
    const bad = await p.call('PUT', NEWS_CALL, { token: admin, body: { mail: 'yes' } });
    expect({ status: bad.status, detail: bad.body.detail }).toMatchObject({ status: 400, detail: expect.stringMatching(/^mail: /) });
    const extra = await p.call('PUT', NEWS_CALL, { token: admin, body: { mail: true, url: 'x' } });
    expect(extra.status).toBe(400);
    expect((await p.call('GET', NEWS_CALL, { token: ann.token })).status, 'a partner has no owner mail to set').toBe(403);
    expect((await p.call('PUT', NEWS_CALL, { token: ann.token, body: { mail: true } })).status).toBe(403);
    const logged = (await p.call('GET', `${AUDIT_CALL}?action=owner_mail_changed`, { token: admin })).body;
    expect(logged).toEqual([expect.objectContaining({ actor: SECOND_ADMIN.email, detail: { mail: 'off' } })]);
  });
});

describe('the owners told', () => {
  it('mail a first open within moments, and keep what follows within the hour for one mail: questions and the finished visit', async () => {
    const annSocket = await openConnected(p, ann.token, sockets, { forceNew: true });
    const first = await smtp.waitForMail(ADMIN.email, `${ALPHA.email} opened the deck for the first time`);
    expect(first.text, 'named as the admins prepared the deck for her').toContain(`Ann Alpha of Alpha Lending Corp <${ALPHA.email}>:`);
    expect(first.text).toContain('A partner opened the deck');
    expect(first.html, 'the HTML part of the one template').toContain('Opened the deck for the first time.');

    const views = [
      { visit_id: 'visit-ann-0001', path: '/market', ms: 60_000, visit_started_at: new Date().toISOString(), device: 'desktop' },
      { visit_id: 'visit-ann-0001', path: '/problem', ms: 30_000, visit_started_at: new Date().toISOString(), device: 'desktop' },
    ];
    expect((await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.view}/bulk`, { token: ann.token, body: views })).status).toBe(200);
    const asked = [
      { path: '/market', question: 'How is <b>home equity</b> split by state?', figure_id: 'market.homeEquity' },
      { path: '/problem', question: 'Who else\nsolves this?' },
    ];
    for (const body of asked) expect((await p.call('POST', `/entities/${QUESTION_ENTITY}`, { token: ann.token, body })).status).toBe(200);
    await eventually(async () => expect(await waitingFor(ADMIN.email)).toEqual(['question', 'question']), { what: 'both questions waiting for the hour' });
    annSocket.close();

    offset = 31 * MINUTE;
    await eventually(async () => expect(await waitingFor(ADMIN.email)).toEqual(['question', 'question', 'visit']), {
      what: 'the visit told 30 minutes after Ann’s last sign',
    });
    expect(newsTo(ADMIN.email, ALPHA.email), 'nothing more within the hour of the first mail').toHaveLength(1);

    offset = 61 * MINUTE;
    const bundle = await smtp.waitForMail(ADMIN.email, `3 updates on ${ALPHA.email}`);
    expect(bundle.text).toContain('Asked on 4 · Market, about Home equity ($13.95T): “How is <b>home equity</b> split by state?”');
    expect(bundle.text).toContain('Asked on 3 · Problem: “Who else solves this?”');
    expect(bundle.text).toContain('Finished a visit: read 2 pages in 1 min 30 s, and asked 2 questions.');
    expect(bundle.text).toContain('Pages read: 3 · Problem (30 s), 4 · Market (1 min).');
    expect(bundle.text, 'pages by their number and title, never their address').not.toMatch(/\/(market|problem)\b/);
    expect(bundle.html).toContain('&lt;b&gt;home equity&lt;/b&gt;');
    expect(bundle.html).not.toContain('<b>home equity</b>');
    expect(await waitingFor(ADMIN.email)).toEqual([]);
    expect(newsTo(ADMIN.email, ALPHA.email), 'two mails in an hour and more: the first and the bundle').toHaveLength(2);
  });

  it('reach no admin who switched the mail off, and switching it off drops what was waiting', async () => {
    const aboutPartners = (mail: ReceivedMail) =>
      mail.to.includes(SECOND_ADMIN.email) && [ALPHA.email, BETA.email].some((email) => mail.subject.includes(email));
    expect(smtp.messages.filter(aboutPartners).map((mail) => mail.subject)).toEqual([]);
    expect(await waitingFor(SECOND_ADMIN.email)).toEqual([]);

    await openConnected(p, bob.token, sockets, { forceNew: true });
    await smtp.waitForMail(ADMIN.email, `${BETA.email} opened the deck for the first time`);
    expect((await p.call('POST', `/entities/${QUESTION_ENTITY}`, { token: bob.token, body: { path: '/market', question: 'Bo asks' } })).status).toBe(200);
    await eventually(async () => expect(await waitingFor(ADMIN.email)).toEqual(['question']), { what: 'Bo’s question waiting' });
    expect((await p.call('PUT', NEWS_CALL, { token: admin, body: { mail: false } })).status).toBe(200);
    offset += 61 * MINUTE;
    await eventually(async () => expect(await waitingFor(ADMIN.email)).toEqual([]), { what: 'the waiting question taken by the sweep' });
    expect(
      newsTo(ADMIN.email, BETA.email).map((mail) => mail.subject),
      'only the first open, before the switch',
    ).toHaveLength(1);
    expect((await p.call('PUT', NEWS_CALL, { token: admin, body: { mail: true } })).status).toBe(200);
  });

  it('never tell one partner anything of another', () => {
    const toBob = smtp.messages.filter((mail: ReceivedMail) => mail.to.includes(BETA.email));
    for (const mail of toBob) expectOnlyOwn(`${mail.subject}\n${mail.text}\n${mail.html}`, BETA, 'a mail');
    const toAnn = smtp.messages.filter((mail: ReceivedMail) => mail.to.includes(ALPHA.email));
    for (const mail of toAnn) expectOnlyOwn(`${mail.subject}\n${mail.text}\n${mail.html}`, ALPHA, 'a mail');
  });
});

describe('an answer', () => {
  const answeredMail = async (email: string) =>
    (
      await p.db.query<{ data: { subject: string } }>(`SELECT data FROM outbox WHERE data->>'to' = $1 AND data->>'kind' = 'question_answered'`, [email])
    ).rows.map((row) => row.data.subject);

  it('is mailed to a partner whose deck is closed: their question, the answer and the page by its name', async () => {
    const mine = (await p.call('GET', `/entities/${QUESTION_ENTITY}`, { token: ann.token })).body as Array<{ id: string; path: string }>;
    const market = mine.find((question) => question.path === '/market')!;
    const reply = await p.call('PUT', `/entities/${QUESTION_ENTITY}/${market.id}`, {
      token: admin,
      body: { answer: 'About a third is in California.\n\nMore on a call.' },
    });
    expect(reply.status).toBe(200);
    const mail = await smtp.waitForMail(ALPHA.email, 'Your question on 4 · Market was answered');
    expect(mail.text).toContain('You asked on 4 · Market: “How is <b>home equity</b> split by state?”');
    expect(mail.text).toContain('About a third is in California.');
    expect(mail.text).toContain('More on a call.');
    expect(mail.text, "a link to the page at the deck's public address").toContain(`http://localhost:${p.port}/market`);
    expectOnlyOwn(`${mail.text}\n${mail.html}`, ALPHA, 'the answer mail');
  });

  it('is not mailed to a partner with the deck open (they see it there), nor when marked answered without text', async () => {
    const mine = (await p.call('GET', `/entities/${QUESTION_ENTITY}`, { token: bob.token })).body as Array<{ id: string }>;
    expect((await p.call('PUT', `/entities/${QUESTION_ENTITY}/${mine[0]!.id}`, { token: admin, body: { answer: 'Yes.' } })).status).toBe(200);
    expect(await answeredMail(BETA.email), 'Bo has the deck open').toEqual([]);
    const annQuestions = (await p.call('GET', `/entities/${QUESTION_ENTITY}`, { token: ann.token })).body as Array<{ id: string; path: string }>;
    const problem = annQuestions.find((question) => question.path === '/problem')!;
    expect((await p.call('PUT', `/entities/${QUESTION_ENTITY}/${problem.id}`, { token: admin, body: { status: 'answered' } })).status).toBe(200);
    expect(await answeredMail(ALPHA.email), 'only the answer with words').toHaveLength(1);
  });
});
