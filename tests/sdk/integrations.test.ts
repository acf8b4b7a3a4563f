// @vitest-environment node
// Protocol table rows for `integrations.Core.X` and `integrations.Pkg.X`.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createClient } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

let server: RecordingServer;
const base = '/api/apps/app-1/integration-endpoints';
const make = () => createClient({ serverUrl: server.url, appId: 'app-1', token: 'tok', storage: null, location: null, history: null });

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

test('Core: POST /integration-endpoints/Core/{name} with the named parameters; resolves the body', async () => {
  server.reply(`POST ${base}/Core/SendEmail`, { body: { id: 'mail-1' } });
  await expect(make().integrations.Core!.SendEmail!({ to: 'a@b.c', subject: 'Deck' })).resolves.toEqual({ id: 'mail-1' });
  const [req] = server.to(`POST ${base}/Core/SendEmail`);
  expect(req?.body).toEqual({ to: 'a@b.c', subject: 'Deck' });
  expect(req?.headers['content-type']).toBe('application/json');
});

test('installable package: POST /integration-endpoints/installable/{pkg}/integration-endpoints/{name}', async () => {
  server.reply(`POST ${base}/installable/Slack/integration-endpoints/PostMessage`, { body: { ok: 1 } });
  await expect(make().integrations.Slack!.PostMessage!({ channel: '#deck' })).resolves.toEqual({ ok: 1 });
  expect(server.to(`POST ${base}/installable/Slack/integration-endpoints/PostMessage`)[0]?.body).toEqual({ channel: '#deck' });
});

test('a file parameter goes multipart (Core.UploadFile)', async () => {
  await make().integrations.Core!.UploadFile!({ file: new File(['png'], 'logo.png', { type: 'image/png' }) });
  expect(server.to(`POST ${base}/Core/UploadFile`)[0]?.parts).toEqual([
    { name: 'file', filename: 'logo.png', type: 'image/png', value: 'png' },
  ]);
});

test('a string instead of named parameters rejects before any request, word for word', async () => {
  await expect(make().integrations.Core!.InvokeLLM!('summarise the deck' as never)).rejects.toThrow(
    'Integration InvokeLLM must receive an object with named parameters, received: summarise the deck',
  );
  expect(server.requests).toHaveLength(0);
});
