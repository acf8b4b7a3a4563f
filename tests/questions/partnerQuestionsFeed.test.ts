// @vitest-environment node
// A viewer's own questions through the real SDK client against a recording HTTP server: the list, then
// each push on their own room of the access socket (never another room's), and a fresh read on reconnect.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUESTION_ENTITY, type QuestionRecord } from '../../schemas/questionPaths.ts';
import { personRoom } from '../../schemas/viewerPartner.ts';
import { accessSocketClosing, accessSocketOpened, shareAccessSocket } from '../../src/auth/accessSocketUsers.ts';
import { followPartnerQuestions } from '../../src/questions/partnerQuestionsFeed.ts';
import { createClient } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';
import { eventually } from '../support/waitFor.ts';
import { socketDouble } from '../engagement/socketDouble.ts';

let server: RecordingServer;
const route = `GET /api/apps/app-1/entities/${QUESTION_ENTITY}`;
const client = () => createClient({ serverUrl: server.url, appId: 'app-1', token: 'viewer-token', storage: null, location: null, history: null });

const question = (id: string, fields: Partial<QuestionRecord> = {}): QuestionRecord => ({
  id,
  path: '/market',
  question: `Question ${id}`,
  created_date: `2026-12-04T10:0${id.length}:00.000Z`,
  updated_date: `2026-12-04T10:0${id.length}:00.000Z`,
  created_by: 'ann@alpha.test',
  created_by_id: 'ann',
  status: 'open',
  ...fields,
});

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("following a viewer's questions", () => {
  it('lists their own, then follows pushes on their own room only, and reads again on a reconnect', async () => {
    server.reply(
      route,
      { body: [question('q1')] },
      { body: [question('q1', { status: 'answered', answer: 'Yes', updated_date: '2026-12-04T11:00:00.000Z' }), question('q22')] },
    );
    const seen: QuestionRecord[][] = [];
    const socket = socketDouble();
    accessSocketOpened(socket);
    const stop = followPartnerQuestions(client(), 'ann', (list) => seen.push(list), shareAccessSocket);
    await eventually(() => seen.length === 1, { what: 'the first read' });
    expect(server.to(route)[0]?.query).toEqual({ sort: '-created_date', limit: '500' });
    expect(seen.at(-1)!.map((one) => one.id)).toEqual(['q1']);

    // Another person's room, or a partner change on their own room, changes nothing.
    socket.deliver('update_model', { room: personRoom('bo'), data: JSON.stringify({ question: question('bo1') }) });
    socket.deliver('update_model', { room: personRoom('ann'), data: JSON.stringify({ partner: { name: 'X', line: 'X', licence: '' } }) });
    expect(seen).toHaveLength(1);
    socket.deliver('update_model', { room: personRoom('ann'), data: JSON.stringify({ question: question('q333') }) });
    expect(seen.at(-1)!.map((one) => one.id)).toEqual(['q333', 'q1']);

    // A reconnect reads the list again: the answer given while the socket was down arrives, unanswered first.
    socket.connect();
    await eventually(() => seen.at(-1)!.some((one) => one.answer === 'Yes'), { what: 'the answer read on reconnect' });
    expect(seen.at(-1)!.map((one) => [one.id, one.status])).toEqual([
      ['q333', 'open'],
      ['q22', 'open'],
      ['q1', 'answered'],
    ]);
    stop();
    expect(socket.listenerCount('update_model')).toBe(0);
    accessSocketClosing(socket);
  });

  it('keeps what it holds when the read answers something other than a list (a proxy’s page, an old server)', async () => {
    server.reply(route, { body: { detail: 'not a list' } });
    const seen: QuestionRecord[][] = [];
    const failures: unknown[] = [];
    const onFailure = (reason: unknown) => failures.push(reason);
    process.on('unhandledRejection', onFailure);
    const stop = followPartnerQuestions(client(), 'ann', (list) => seen.push(list), shareAccessSocket);
    await eventually(() => server.to(route).length === 1, { what: 'the read' });
    // The answer's handling runs a turn after the request is recorded; a failure would be unhandled by then.
    await new Promise((done) => setImmediate(done));
    await new Promise((done) => setImmediate(done));
    process.off('unhandledRejection', onFailure);
    stop();
    expect(failures).toEqual([]);
    expect(seen).toEqual([]);
  });
});
