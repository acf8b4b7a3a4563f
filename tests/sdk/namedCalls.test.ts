// @vitest-environment node
// Protocol table rows for `functions.invoke` (JSON or multipart, version header, `{ data, status, headers }`) and
// `integrations.Core.X` / `integrations.Pkg.X`: the named-parameter calls.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Base44Error, createClient, type ClientConfig } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

/** The entity names these tests use; any name works at run time. */
type Deck = Record<'Brand' | 'Whatever' | 'AnyName', Record<string, unknown>>;

let server: RecordingServer;
const path = '/api/apps/app-1/functions';
const integrations = '/api/apps/app-1/integration-endpoints';
const make = (extra: Partial<ClientConfig> = {}) =>
  createClient<Deck>({ serverUrl: server.url, appId: 'app-1', token: 'tok', storage: null, location: null, history: null, ...extra });

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('functions.invoke', () => {
  test('POST /functions/{name} with a JSON body resolves { data, status, headers }', async () => {
    server.reply(`POST ${path}/sendReport`, { status: 201, body: { sent: true }, headers: { 'x-trace': 'abc' } });
    const result = await make().functions.invoke('sendReport', { to: 'ops', pages: [1, 2] });
    expect(result.data).toEqual({ sent: true });
    expect(result.status).toBe(201);
    expect(result.headers['x-trace']).toBe('abc');
    const [req] = server.to(`POST ${path}/sendReport`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({ to: 'ops', pages: [1, 2] });
    expect(req?.headers.authorization).toBe('Bearer tok');
  });

  test('an object holding a File goes multipart: the file as a file part, objects as JSON text parts', async () => {
    const file = new File(['%PDF'], 'deck.pdf', { type: 'application/pdf' });
    await make().functions.invoke('upload', { file, meta: { pages: 17 }, title: 'Deck', count: 3 });
    const [req] = server.to(`POST ${path}/upload`);
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.parts).toEqual([
      { name: 'file', filename: 'deck.pdf', type: 'application/pdf', value: '%PDF' },
      { name: 'meta', value: '{"pages":17}' },
      { name: 'title', value: 'Deck' },
      { name: 'count', value: '3' },
    ]);
  });

  test('a FormData goes as it is (every field kept)', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    form.append('blob', new Blob(['xyz'], { type: 'text/plain' }), 'n.txt');
    await make().functions.invoke('upload', form);
    expect(server.to(`POST ${path}/upload`)[0]?.parts).toEqual([
      { name: 'note', value: 'hello' },
      { name: 'blob', filename: 'n.txt', type: 'text/plain', value: 'xyz' },
    ]);
  });

  test('Base44-Functions-Version goes on function calls only, when configured', async () => {
    const client = make({ functionsVersion: 'v7' });
    await client.functions.invoke('f', {});
    await client.entities.Brand.list();
    expect(server.to(`POST ${path}/f`)[0]?.headers['base44-functions-version']).toBe('v7');
    expect(server.to('GET /api/apps/app-1/entities/Brand')[0]?.headers['base44-functions-version']).toBeUndefined();
    await make().functions.invoke('f', {});
    expect(server.to(`POST ${path}/f`)[1]?.headers['base44-functions-version']).toBeUndefined();
  });

  test('a string instead of named parameters rejects before any request, word for word', async () => {
    await expect(make().functions.invoke('sendReport', 'ops@example.com')).rejects.toThrow(
      'Function sendReport must receive an object with named parameters, received: ops@example.com',
    );
    expect(server.requests).toHaveLength(0);
  });

  test('no data sends an empty JSON object', async () => {
    await make().functions.invoke('ping');
    expect(server.to(`POST ${path}/ping`)[0]?.body).toEqual({});
  });

  test('a per-call AbortSignal cancels just that call', async () => {
    server.reply(`POST ${path}/slow`, { delayMs: 500, body: {} });
    const controller = new AbortController();
    const pending = make().functions.invoke('slow', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'Base44Error', code: 'ERR_CANCELED' });
  });

  test('failures reject with Base44Error like every other call', async () => {
    server.reply(`POST ${path}/boom`, { status: 500, body: { message: 'kaput' } });
    const error = await make()
      .functions.invoke('boom', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Base44Error);
    expect(error).toMatchObject({ status: 500, code: 'ERR_BAD_RESPONSE', message: 'kaput', data: { message: 'kaput' } });
  });
});

describe('integrations', () => {
  test('Core: POST /integration-endpoints/Core/{name} with the named parameters; resolves the body', async () => {
    server.reply(`POST ${integrations}/Core/SendEmail`, { body: { id: 'mail-1' } });
    await expect(make().integrations.Core!.SendEmail!({ to: 'a@b.c', subject: 'Deck' })).resolves.toEqual({ id: 'mail-1' });
    const [req] = server.to(`POST ${integrations}/Core/SendEmail`);
    expect(req?.body).toEqual({ to: 'a@b.c', subject: 'Deck' });
    expect(req?.headers['content-type']).toBe('application/json');
  });

  test('installable package: POST /integration-endpoints/installable/{pkg}/integration-endpoints/{name}', async () => {
    server.reply(`POST ${integrations}/installable/Slack/integration-endpoints/PostMessage`, { body: { ok: 1 } });
    await expect(make().integrations.Slack!.PostMessage!({ channel: '#deck' })).resolves.toEqual({ ok: 1 });
    expect(server.to(`POST ${integrations}/installable/Slack/integration-endpoints/PostMessage`)[0]?.body).toEqual({ channel: '#deck' });
  });

  test('a file parameter goes multipart (Core.UploadFile)', async () => {
    await make().integrations.Core!.UploadFile!({ file: new File(['png'], 'logo.png', { type: 'image/png' }) });
    expect(server.to(`POST ${integrations}/Core/UploadFile`)[0]?.parts).toEqual([{ name: 'file', filename: 'logo.png', type: 'image/png', value: 'png' }]);
  });

  test('a string instead of named parameters rejects before any request, word for word', async () => {
    await expect(make().integrations.Core!.InvokeLLM!('summarise the deck' as never)).rejects.toThrow(
      'Integration InvokeLLM must receive an object with named parameters, received: summarise the deck',
    );
    expect(server.requests).toHaveLength(0);
  });
});
