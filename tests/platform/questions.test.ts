import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_FILE, LEDGER_FORMAT, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import type { RoomReply } from '../../schemas/platformWire.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { QUESTION_ENTITY, QUESTION_FUNCTION, type QuestionRecord } from '../../schemas/questionPaths.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { expectOnlyOwn, twoPartners, ALPHA, BETA } from './twoPartners.ts';
import { openConnected } from './socketEvents.ts';

// A partner's questions through the generic entity store and the hooks questions register on it:
// the page and figure checked against the served ledger, the version stamped, the answer stamped
// with who and when; each partner reads only their own, in the API and on the socket; every
// question and answer audited; a viewer's questions rate-limited.

const work = mkdtempSync(join(tmpdir(), 'questions-'));
const staticDir = join(work, 'dist');
mkdirSync(staticDir, { recursive: true });
mkdirSync(join(work, NOTES_DIR), { recursive: true });
const figure = (label: string, text: string, pages: string[]) => ({ label, value: { kind: 'count', n: 1 } as never, text, source: null, asOf: null, pages });
const LEDGER: LedgerSnapshot = {
  format: LEDGER_FORMAT,
  figures: {
    'market.homeEquity': figure('Home equity', '$13.95T', ['/market']),
    'market.penetration': figure('Penetration', 'under 3%', ['/market']),
    'problem.loans': figure('Reverse loans a month', '75-85', ['/problem']),
  },
  pages: {
    '/market': { name: 'Market', label: 'Market', order: 4, fingerprint: 'm', figures: ['market.homeEquity', 'market.penetration'] },
    '/problem': { name: 'Problem', label: 'Problem', order: 3, fingerprint: 'p', figures: ['problem.loans'] },
  },
};
writeFileSync(join(work, NOTES_DIR, FIGURES_FILE), JSON.stringify(LEDGER));

const PATH = `/entities/${QUESTION_ENTITY}`;
const ROOM = `entities:testapp:${QUESTION_ENTITY}`;
let p: TestPlatform;
let admin: string;
let ann: string;
let bob: string;
let annId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir });
  admin = await p.login(ADMIN.email, ADMIN.password);
  const [alpha, beta] = await twoPartners(p, admin);
  ann = alpha.token;
  bob = beta.token;
  annId = alpha.id;
  await p.call('PUT', '/entities/User/me', { token: ann, body: { full_name: 'Ann Alpha' } });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every `update_model` message the socket hears: its room and parsed data. */
function heard(socket: Socket): Array<{ room: string; data: any }> {
  const messages: Array<{ room: string; data: any }> = [];
  socket.on('update_model', (message: { room: string; data: string }) => messages.push({ room: message.room, data: JSON.parse(message.data) }));
  return messages;
}
const joinRoom = (socket: Socket, room: string): Promise<RoomReply> => socket.timeout(3000).emitWithAck('join', room);

describe('a question on a page', () => {
  let asked: QuestionRecord;
  let annHears: Array<{ room: string; data: any }>;
  let bobHears: Array<{ room: string; data: any }>;
  let adminHears: Array<{ room: string; data: any }>;

  beforeAll(async () => {
    const [annSocket, bobSocket, adminSocket] = await Promise.all([ann, bob, admin].map((token) => openConnected(p, token, sockets, { forceNew: true })));
    annHears = heard(annSocket!);
    bobHears = heard(bobSocket!);
    adminHears = heard(adminSocket!);
    expect(await joinRoom(adminSocket!, ROOM)).toMatchObject({ ok: true });
    // A partner may not listen to every question: the entity's room is the admins'.
    expect(await joinRoom(bobSocket!, ROOM)).toMatchObject({ ok: false });
  });

  it('is stored with its page, figure, the served version and who asked, and reaches the asker and the admins live', async () => {
    const made = await p.call('POST', PATH, {
      token: ann,
      body: { path: '/market', question: 'How is <b>$13.95T</b> split by state? =SUM(A1)', figure_id: 'market.homeEquity' },
    });
    expect(made.status).toBe(200);
    asked = made.body;
    expect(asked).toMatchObject({
      path: '/market',
      question: 'How is <b>$13.95T</b> split by state? =SUM(A1)',
      figure_id: 'market.homeEquity',
      figure_text: '$13.95T',
      figure_label: 'Home equity',
      status: 'open',
      answer: null,
      created_by: ALPHA.email,
      created_by_id: annId,
      full_name: 'Ann Alpha',
    });
    expect(asked.version_id).toMatch(/^\d+$/);
    await eventually(() => annHears.some((m) => m.data.question?.id === asked.id), { what: 'the question in the asker’s own room' });
    await eventually(() => adminHears.some((m) => m.room === ROOM && m.data.id === asked.id), { what: 'the question in the admins’ room' });
  });

  it('with a page or figure the deck does not have, bad words or a field of the platform, is a 400 naming it and nothing is stored', async () => {
    const before = (await p.call('GET', PATH, { token: admin })).body.length;
    const cases: Array<[unknown, string]> = [
      [{ path: '/nowhere', question: 'Why?' }, 'path: is not a page of the deck'],
      [{ path: 'market', question: 'Why?' }, 'path: must be the address of a page of the deck, such as /market'],
      [{ path: '/market', question: 'Why?', figure_id: 'problem.loans' }, 'figure_id: is not a figure of the page /market'],
      [{ path: '/market', question: '   ' }, 'question: must not be empty: write the question'],
      [{ path: '/market', question: 'x'.repeat(2001) }, 'question: must be at most 2000 characters'],
      [{ path: '/market', question: 'a\u0007b' }, 'question: must not hold control characters'],
      [{ path: '/market', question: 'Why?', status: 'answered' }, `status: is not a field of ${QUESTION_ENTITY}`],
      [{ path: '/market', question: 'Why?', answer: 'Because' }, `answer: is not a field of ${QUESTION_ENTITY}`],
      [{ path: '/market' }, 'question: is required'],
    ];
    for (const [body, detail] of cases) {
      const reply = await p.call('POST', PATH, { token: bob, body });
      expect({ status: reply.status, detail: reply.body.detail }).toEqual({ status: 400, detail });
    }
    // Asking as someone else is a forgery, not a question.
    const forged = await p.call('POST', PATH, { token: bob, body: { path: '/market', question: 'Hi', created_by_id: annId } });
    expect(forged.status).toBe(403);
    expect((await p.call('GET', PATH, { token: admin })).body).toHaveLength(before);
  });

  it('is nothing another partner can list, read, answer or delete, and never reaches their socket', async () => {
    expect((await p.call('GET', PATH, { token: bob })).body).toEqual([]);
    const filtered = await p.call('GET', `${PATH}?q=${encodeURIComponent(JSON.stringify({ created_by_id: annId }))}`, { token: bob });
    expect(filtered.body).toEqual([]);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await p.call(method, `${PATH}/${asked.id}`, { token: bob, body: method === 'PUT' ? { answer: 'mine now' } : undefined });
      expect(reply.status, method).toBe(404);
    }
    // The asker reads it, and may not answer it themself.
    expect((await p.call('GET', PATH, { token: ann })).body.map((q: QuestionRecord) => q.id)).toEqual([asked.id]);
    expect((await p.call('PUT', `${PATH}/${asked.id}`, { token: ann, body: { answer: 'Self-answered' } })).status).toBe(403);
    expect(JSON.stringify(bobHears)).not.toContain(asked.id);
    expect(JSON.stringify(bobHears)).not.toContain('split by state');
    expectOnlyOwn(JSON.stringify(bobHears), BETA, 'the socket');
  });

  it('is answered by an admin, stamped with who and when, and the answer reaches the asker live and no one else', async () => {
    const answer = 'About a third is in <i>California</i>.';
    const reply = await p.call('PUT', `${PATH}/${asked.id}`, { token: admin, body: { answer } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ answer, status: 'answered', answered_by: ADMIN.name });
    expect(Date.parse(reply.body.answered_at)).toBeGreaterThan(Date.now() - 60_000);
    await eventually(() => annHears.some((m) => m.data.question?.id === asked.id && m.data.question.answer === answer), {
      what: 'the answer in the asker’s own room',
    });
    expect(JSON.stringify(bobHears)).not.toContain('California');
    expectOnlyOwn(JSON.stringify((await p.call('GET', PATH, { token: bob })).body), BETA, 'the list of questions');
    // An answer must have words, and no field but the answer and the status may change.
    expect((await p.call('PUT', `${PATH}/${asked.id}`, { token: admin, body: { answer: ' ' } })).body.detail).toBe(
      'answer: must not be empty: write the answer',
    );
    expect((await p.call('PUT', `${PATH}/${asked.id}`, { token: admin, body: { question: 'Edited' } })).body.detail).toBe(
      `question: is not a field of ${QUESTION_ENTITY}`,
    );
  });

  it('may be marked answered without words', async () => {
    const made = await p.call('POST', PATH, { token: ann, body: { path: '/problem', question: 'Answered on the call?' } });
    const marked = await p.call('PUT', `${PATH}/${made.body.id}`, { token: admin, body: { status: 'answered' } });
    expect(marked.body).toMatchObject({ status: 'answered', answer: null, answered_by: ADMIN.name, figure_id: null });
  });

  it('and every question and answer is in the audit log', async () => {
    const log = (await p.call('GET', '/audit-log?limit=50', { token: admin })).body as Array<{ action: string; actor: string; target: string; detail: any }>;
    const asks = log.filter((entry) => entry.action === 'question_asked');
    const answers = log.filter((entry) => entry.action === 'question_answered');
    expect(asks).toHaveLength(2);
    expect(asks.at(-1)).toMatchObject({
      actor: ALPHA.email,
      target: `${QUESTION_ENTITY} ${asked.id}`,
      detail: { path: '/market', figure: 'market.homeEquity' },
    });
    expect(answers.map((entry) => entry.actor)).toEqual([ADMIN.email, ADMIN.email]);
    expect(answers.at(-1)!.detail).toMatchObject({ answered: true, asked_by: ALPHA.email });
  });
});

describe('the figures a question may name', () => {
  it("are the page's own, with what each measures; another page's address is a 400", async () => {
    const reply = await p.call('POST', `/functions/${QUESTION_FUNCTION.figures}`, { token: bob, body: { path: '/market' } });
    expect(reply.body).toEqual([
      { id: 'market.homeEquity', label: 'Home equity', text: '$13.95T' },
      { id: 'market.penetration', label: 'Penetration', text: 'under 3%' },
    ]);
    expect((await p.call('POST', `/functions/${QUESTION_FUNCTION.figures}`, { token: bob, body: { path: '/nowhere' } })).body.detail).toBe(
      'path: is not a page of the deck',
    );
    expect((await p.call('POST', `/functions/${QUESTION_FUNCTION.figures}`, { body: { path: '/market' } })).status).toBe(403);
  });
});

describe("a partner's questions", () => {
  it('are limited to 20 an hour; the 21st is a 429 saying when to try again, and is not stored', async () => {
    const carl = await registeredUser(p, 'carl@gamma.test');
    for (let i = 0; i < 20; i++) expect((await p.call('POST', PATH, { token: carl, body: { path: '/market', question: `Q${i}` } })).status).toBe(200);
    const over = await p.call('POST', PATH, { token: carl, body: { path: '/market', question: 'One more' } });
    expect(over.status).toBe(429);
    expect(over.body.detail).toMatch(/questions/);
    expect((await p.call('GET', PATH, { token: carl })).body).toHaveLength(20);
  });
});
