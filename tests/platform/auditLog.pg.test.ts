import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL, ACCESS_ENTITY, INVITE_TOKEN_PARAM } from '../../schemas/accessWire.ts';
import { AUDIT_ACTIONS, type AuditAction } from '../../schemas/auditActions.ts';
import { AUDIT_CALL, type AuditEntry, auditRoom } from '../../schemas/auditPaths.ts';
import type { RoomReply } from '../../schemas/platformWire.ts';
import { VIEW_AS_PARAM } from '../../schemas/viewAs.ts';
import { DECK_PDF_FILE, DECK_PDF_PATH, ENGAGEMENT_ENTITY, ENGAGEMENT_FUNCTION } from '../../schemas/engagementPaths.ts';
import { FOLLOW_DRIVE_EVENT, PRESENTING_CALL } from '../../schemas/presentingPaths.ts';
import { auditCsv, pruneAuditLog } from '../../src/platform/records/auditLog.ts';
import { eventually } from '../support/waitFor.ts';
import { ADMIN, fakeDeck, latestMail, registeredUser, startTestPlatform, type TestPlatform } from './harness.ts';
import { openConnected } from './socketEvents.ts';

// The audit log: who had access, who did what, when, kept append-only in the database;
// admins read it (filters, newest first, CSV), nobody changes it, and old entries go at start.

const deck = fakeDeck({ 'index.html': '<h1>Deck</h1>', '404.html': 'missing', '_gate.html': '<html><head></head><body>gate</body></html>' });
let p: TestPlatform;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([400, 300]);
  writeFileSync(join(deck.dir, DECK_PDF_FILE), await pdf.save());
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await p?.close();
  deck.remove();
});

const log = async (query = ''): Promise<AuditEntry[]> => {
  const reply = await p.call('GET', `${AUDIT_CALL}${query}`, { token: admin });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const entry = async (action: AuditAction, target?: string) =>
  eventually(
    async () => {
      const found = (await log(`?action=${action}`)).find((e) => target === undefined || e.target === target);
      if (!found) throw new Error(`no ${action} entry${target ? ` for ${target}` : ''}`);
      return found;
    },
    { what: `the ${action} entry` },
  );
const idOf = async (token: string) => (await p.call('GET', '/entities/User/me', { token })).body.id as string;

describe('the audit log records', () => {
  it('sign-in success and failure with the email, address and browser; sign-out; password change and reset', async () => {
    const token = await registeredUser(p, 'ann@lender.example', 'ann-password-1234');
    expect(
      (await p.call('POST', '/auth/login', { body: { email: 'ann@lender.example', password: 'not-her-password' }, headers: { 'User-Agent': 'Guesser/1.0' } }))
        .status,
    ).toBe(401);
    const failed = await entry('sign_in_failed', 'ann@lender.example');
    expect(failed).toMatchObject({
      actor: null,
      address: expect.stringMatching(/127\.0\.0\.1/),
      user_agent: 'Guesser/1.0',
      detail: { reason: 'wrong email or password' },
    });
    const again = await p.login('ann@lender.example', 'ann-password-1234');
    expect(await entry('sign_in', 'ann@lender.example')).toMatchObject({ actor: 'ann@lender.example' });
    expect((await p.call('POST', '/auth/logout', { token: again })).status).toBe(200);
    expect(await entry('sign_out', 'ann@lender.example')).toMatchObject({ actor: 'ann@lender.example' });
    const changed = await p.call('POST', ACCESS_CALL.changePassword, {
      token,
      body: { user_id: await idOf(token), current_password: 'ann-password-1234', new_password: 'ann-second-password-5' },
    });
    expect(changed.status).toBe(200);
    expect(await entry('password_changed', 'ann@lender.example')).toMatchObject({ actor: 'ann@lender.example' });
    expect((await p.call('POST', '/auth/reset-password-request', { body: { email: 'ann@lender.example' } })).status).toBe(200);
    const resetToken = /reset_token=([A-Za-z0-9_%-]+)/.exec(await latestMail(p, 'ann@lender.example', 'reset'))?.[1];
    expect(
      (await p.call('POST', '/auth/reset-password', { body: { reset_token: decodeURIComponent(resetToken!), new_password: 'ann-third-password-6' } })).status,
    ).toBe(200);
    expect(await entry('password_reset', 'ann@lender.example')).toMatchObject({ actor: 'ann@lender.example' });
  });

  it('a refused sign-in with the right password says why: email not verified (403 asking for the code), access ended', async () => {
    // Registration keeps no password until the code is entered, so only a row changed behind its back (a
    // restored or hand-edited database) has both; sign-in still asks for the code.
    await registeredUser(p, 'uncoded@lender.example', 'uncoded-password-1');
    await p.db.query(`UPDATE users SET email_verified = false WHERE email = 'uncoded@lender.example'`);
    const uncoded = await p.call('POST', '/auth/login', { body: { email: 'uncoded@lender.example', password: 'uncoded-password-1' } });
    expect([uncoded.status, uncoded.body]).toEqual([403, { detail: 'Email not verified: enter the code that was sent to you', code: 'email_not_verified' }]);
    expect(await entry('sign_in_failed', 'uncoded@lender.example')).toMatchObject({ actor: null, detail: { reason: 'email not verified' } });
    await registeredUser(p, 'ended@lender.example', 'ended-password-1');
    await p.db.query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE email = 'ended@lender.example'`);
    expect((await p.call('POST', '/auth/login', { body: { email: 'ended@lender.example', password: 'ended-password-1' } })).status).toBe(403);
    expect(await entry('sign_in_failed', 'ended@lender.example')).toMatchObject({ actor: null, detail: { reason: 'access ended' } });
  });

  it('invitations sent, resent, accepted and withdrawn; revocation; role, expiry and Prepared-for changes; deletion', async () => {
    const invited = await p.call('POST', ACCESS_CALL.invite, {
      token: admin,
      body: { user_email: 'bo@lender.example', role: 'user', prepared_for: { name: 'Bo Chan', company: 'Lender Inc.' } },
    });
    expect(invited.status).toBe(200);
    expect(await entry('invitation_sent', 'bo@lender.example')).toMatchObject({
      actor: ADMIN.email,
      detail: { role: 'user', prepared_for: { name: 'Bo Chan', company: 'Lender Inc.' } },
    });
    const bo = invited.body.user.id as string;
    expect((await p.call('POST', ACCESS_CALL.resendInvite(bo), { token: admin })).status).toBe(200);
    expect(await entry('invitation_resent', 'bo@lender.example')).toMatchObject({ actor: ADMIN.email });
    const link = new RegExp(`${INVITE_TOKEN_PARAM}=([A-Za-z0-9_-]+)`).exec(await latestMail(p, 'bo@lender.example', 'invite'))?.[1];
    expect((await p.call('POST', ACCESS_CALL.acceptInvite, { body: { invite_token: link, new_password: 'bo-password-12345' } })).status).toBe(200);
    expect(await entry('invitation_accepted', 'bo@lender.example')).toMatchObject({ actor: 'bo@lender.example' });

    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const edit = await p.call('PUT', `/entities/User/${bo}`, {
      token: admin,
      body: { role: 'admin', expires_at: soon, prepared_for: { name: 'Bo Chan', company: 'Lender Group' } },
    });
    expect(edit.status).toBe(200);
    expect(await entry('role_changed', 'bo@lender.example')).toMatchObject({ actor: ADMIN.email, detail: { from: 'user', to: 'admin' } });
    expect((await entry('expiry_changed', 'bo@lender.example')).detail).toMatchObject({ from: null, to: expect.stringContaining(soon) });
    expect((await entry('prepared_for_changed', 'bo@lender.example')).detail).toMatchObject({ to: { company: 'Lender Group' } });
    expect((await p.call('POST', ACCESS_CALL.revoke(bo), { token: admin })).status).toBe(200);
    expect(await entry('access_revoked', 'bo@lender.example')).toMatchObject({ actor: ADMIN.email, detail: { state: 'joined' } });

    const cy = (await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'cy@lender.example', role: 'user' } })).body.user.id as string;
    expect((await p.call('POST', ACCESS_CALL.revoke(cy), { token: admin })).status).toBe(200);
    expect(await entry('invitation_withdrawn', 'cy@lender.example')).toMatchObject({ detail: { state: 'invited' } });
    expect((await p.call('DELETE', `/entities/User/${cy}`, { token: admin })).status).toBe(200);
    expect(await entry('user_deleted', 'cy@lender.example')).toMatchObject({ actor: ADMIN.email });
  });

  it('domain rules, deck settings, access and consultation requests and decisions', async () => {
    const domain = await p.call('POST', `/entities/${ACCESS_ENTITY.domain}`, { token: admin, body: { domain: '@fund.example', role: 'user' } });
    expect(domain.status).toBe(200);
    expect(await entry('domain_added', `${ACCESS_ENTITY.domain} @fund.example`)).toMatchObject({ actor: ADMIN.email });
    // A change of whom a whole domain admits is a decision like adding it.
    expect((await p.call('PUT', `/entities/${ACCESS_ENTITY.domain}/${domain.body.id}`, { token: admin, body: { role: 'partner' } })).status).toBe(200);
    const changed = (await log('?action=domain_changed')).filter((e) => e.target === `${ACCESS_ENTITY.domain} @fund.example`);
    expect(changed, "an admin's change of a domain rule's role (@fund.example to partner) left no domain_changed entry").toHaveLength(1);
    expect(changed[0]).toMatchObject({ actor: ADMIN.email, detail: { domain: '@fund.example', role: 'partner' } });
    expect((await p.call('DELETE', `/entities/${ACCESS_ENTITY.domain}/${domain.body.id}`, { token: admin })).status).toBe(200);
    expect(await entry('domain_removed', `${ACCESS_ENTITY.domain} @fund.example`)).toMatchObject({ actor: ADMIN.email });

    const options = await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, {
      token: admin,
      body: { watermark: true, downloads: true, recording: true },
    });
    expect(options.status).toBe(200);
    expect((await p.call('PUT', `/entities/${ENGAGEMENT_ENTITY.options}/${options.body.id}`, { token: admin, body: { watermark: false } })).status).toBe(200);
    const settings = (await log('?action=deck_settings_changed')).map((e) => e.detail);
    expect(settings).toContainEqual({ watermark: false });
    expect(settings, 'the first change (the record created) names the settings it set').toContainEqual(
      expect.objectContaining({ watermark: true, downloads: true, recording: true }),
    );

    const stranger = await registeredUser(p, 'dee@elsewhere.example', 'dee-password-12345', false);
    const asked = await p.call('POST', ACCESS_CALL.requestAccess, { token: stranger, body: { message: 'Please' } });
    expect(asked.status).toBe(200);
    expect(await entry('access_requested', 'dee@elsewhere.example')).toMatchObject({ actor: 'dee@elsewhere.example' });
    expect((await p.call('POST', ACCESS_CALL.decideRequest(asked.body.id), { token: admin, body: { decision: 'approve' } })).status).toBe(200);
    expect(await entry('access_approved', 'dee@elsewhere.example')).toMatchObject({ actor: ADMIN.email });

    const request = await p.call('POST', `/entities/${ACCESS_ENTITY.consultation}`, { token: stranger, body: { preferred_times: 'Monday' } });
    expect(request.status).toBe(200);
    expect(await entry('consultation_requested')).toMatchObject({ actor: 'dee@elsewhere.example' });
    expect((await p.call('PUT', `/entities/${ACCESS_ENTITY.consultation}/${request.body.id}`, { token: admin, body: { status: 'handled' } })).status).toBe(200);
    expect(await entry('consultation_decided')).toMatchObject({ actor: ADMIN.email, detail: { status: 'handled', asked_by: 'dee@elsewhere.example' } });
  });

  it('PDF downloads, speaker-note views, and follow-me start and stop', async () => {
    const viewer = await registeredUser(p, 'eli@lender.example', 'eli-password-12345');
    const pdf = await fetch(`${p.url}${DECK_PDF_PATH}`, { headers: { Authorization: `Bearer ${viewer}` } });
    expect(pdf.status).toBe(200);
    expect(await entry('pdf_downloaded', 'eli@lender.example')).toMatchObject({ actor: 'eli@lender.example' });
    expect((await p.call('GET', PRESENTING_CALL.notes, { token: admin })).status).toBe(200);
    expect(await entry('speaker_notes_viewed')).toMatchObject({ actor: ADMIN.email });

    const socket = await openConnected(p, admin, sockets);
    expect(await socket.timeout(5000).emitWithAck(FOLLOW_DRIVE_EVENT, { path: '/market' })).toMatchObject({ ok: true });
    expect(await socket.timeout(5000).emitWithAck(FOLLOW_DRIVE_EVENT, { path: '/team' })).toMatchObject({ ok: true });
    expect(await socket.timeout(5000).emitWithAck(FOLLOW_DRIVE_EVENT, { stop: true })).toMatchObject({ ok: true });
    const started = await log('?action=follow_started');
    expect(started, 'one start per presentation, not one per move').toHaveLength(1);
    expect(started[0]).toMatchObject({ actor: ADMIN.email, detail: { path: '/market' }, address: expect.stringMatching(/127\.0\.0\.1/) });
    expect(await entry('follow_stopped')).toMatchObject({ actor: ADMIN.email });
  });
});

describe('the audit log also records', () => {
  // A second admin of its own: the reads of this block are the only ones under this name.
  let ops: string;
  let opsId: string;
  beforeAll(async () => {
    ops = await registeredUser(p, 'ops@test.local', 'ops-password-12345');
    opsId = await idOf(ops);
    expect((await p.call('PUT', `/entities/User/${opsId}`, { token: admin, body: { role: 'admin' } })).status).toBe(200);
    ops = await p.login('ops@test.local', 'ops-password-12345');
  });
  const opsEntry = async (action: AuditAction) =>
    eventually(
      async () => {
        const found = (await log(`?action=${action}&person=ops@test.local`)).find((e) => e.actor === 'ops@test.local');
        if (!found) throw new Error(`no ${action} entry of ops@test.local`);
        return found;
      },
      { what: `ops@test.local's ${action} entry` },
    );

  it('reads of what is confidential: listing people, the outbox, engagement records and the tally', async () => {
    expect((await p.call('GET', '/entities/User', { token: ops })).status).toBe(200);
    expect(await opsEntry('people_listed')).toMatchObject({ address: '127.0.0.1' });
    expect((await p.call('GET', '/entities/Outbox', { token: ops })).status).toBe(200);
    await opsEntry('outbox_read');
    expect((await p.call('GET', `/entities/${ENGAGEMENT_ENTITY.view}`, { token: ops })).status).toBe(200);
    expect(await opsEntry('engagement_read')).toMatchObject({ target: ENGAGEMENT_ENTITY.view });
    expect((await p.call('POST', `/functions/${ENGAGEMENT_FUNCTION.tally}`, { token: ops, body: {} })).status).toBe(200);
    await opsEntry('engagement_tally_read');
  });

  it('reading the audit log (with its filters) and exporting it (with how many entries left)', async () => {
    expect((await p.call('GET', `${AUDIT_CALL}?action=sign_in`, { token: ops })).status).toBe(200);
    expect(await opsEntry('audit_log_read')).toMatchObject({ detail: { action: 'sign_in' } });
    const csv = await fetch(`${p.url}/api/apps/${p.appId}${AUDIT_CALL}?format=csv&action=sign_in`, { headers: { Authorization: `Bearer ${ops}` } });
    const lines = (await csv.text()).trim().split('\r\n').length - 1;
    expect(await opsEntry('audit_log_exported')).toMatchObject({ detail: { action: 'sign_in', entries: lines } });
  });

  it('a change of name, by its owner or an admin, with before and after', async () => {
    expect((await p.call('PUT', '/entities/User/me', { token: ops, body: { full_name: 'Olga Ops' } })).status).toBe(200);
    expect(await entry('name_changed', 'ops@test.local')).toMatchObject({ actor: 'ops@test.local', detail: { from: null, to: 'Olga Ops' } });
    expect((await p.call('PUT', `/entities/User/${opsId}`, { token: admin, body: { full_name: 'Olga Operator' } })).status).toBe(200);
    const changes = await log('?action=name_changed&person=ops@test.local');
    expect(changes[0]).toMatchObject({ actor: ADMIN.email, target: 'ops@test.local', detail: { from: 'Olga Ops', to: 'Olga Operator' } });
  });

  it('a consultation request deleted, naming who asked', async () => {
    const asker = await registeredUser(p, 'gus@lender.example', 'gus-password-12345');
    const request = await p.call('POST', `/entities/${ACCESS_ENTITY.consultation}`, { token: asker, body: { preferred_times: 'Friday' } });
    expect(request.status).toBe(200);
    expect((await p.call('DELETE', `/entities/${ACCESS_ENTITY.consultation}/${request.body.id}`, { token: ops })).status).toBe(200);
    expect(await opsEntry('consultation_deleted')).toMatchObject({
      target: `${ACCESS_ENTITY.consultation} ${request.body.id}`,
      detail: { asked_by: 'gus@lender.example' },
    });
  });

  it('view as, naming whose view: the page an admin opens as someone else', async () => {
    const hal = await registeredUser(p, 'hal@lender.example', 'hal-password-12345');
    const halId = await idOf(hal);
    const page = await fetch(`${p.url}/?${VIEW_AS_PARAM}=${halId}`, { headers: { Cookie: `deck_session=${ops}`, Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await opsEntry('view_as')).toMatchObject({ target: 'hal@lender.example', detail: { page: '/' } });
    // A viewer's view_as is ignored, and so is not logged as one.
    await fetch(`${p.url}/?${VIEW_AS_PARAM}=${opsId}`, { headers: { Cookie: `deck_session=${hal}`, Accept: 'text/html' } });
    expect((await log('?action=view_as')).filter((e) => e.actor === 'hal@lender.example')).toEqual([]);
  });

  it('each new entry in an open console at once: on the admins’ audit room, which no viewer may join', async () => {
    const socket = await openConnected(p, ops, sockets);
    const seen: AuditEntry[] = [];
    socket.on('update_model', (message: { room: string; data: string }) => {
      if (message.room === auditRoom(p.appId)) seen.push((JSON.parse(message.data) as { entry: AuditEntry }).entry);
    });
    expect(((await socket.timeout(3000).emitWithAck('join', auditRoom(p.appId))) as RoomReply).ok).toBe(true);
    expect((await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: 'ida@lender.example', role: 'user' } })).status).toBe(200);
    const arrived = await eventually(
      () => {
        const found = seen.find((e) => e.action === 'invitation_sent' && e.target === 'ida@lender.example');
        if (!found) throw new Error('no invitation_sent entry on the audit room');
        return found;
      },
      { what: 'the new entry on the audit room' },
    );
    expect(arrived).toEqual((await log('?action=invitation_sent&person=ida@lender.example'))[0]);
    const viewer = await openConnected(p, await registeredUser(p, 'jo@lender.example', 'jo-password-12345'), sockets);
    expect(((await viewer.timeout(3000).emitWithAck('join', auditRoom(p.appId))) as RoomReply).ok, 'a viewer in the audit room').toBe(false);
  });
});

describe('reading the audit log', () => {
  it('is newest first, filters by person, action and date, and names a bad parameter', async () => {
    const all = await log();
    expect(all.length).toBeGreaterThan(20);
    const times = all.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const e of all) expect(Object.keys(AUDIT_ACTIONS)).toContain(e.action);

    const ann = await log('?person=ANN@lender.example');
    expect(ann.length).toBeGreaterThan(3);
    expect(ann.every((e) => e.actor === 'ann@lender.example' || e.target === 'ann@lender.example')).toBe(true);
    expect((await log('?action=sign_in')).every((e) => e.action === 'sign_in')).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await log(`?since=${tomorrow}`)).toEqual([]);
    // Reading the log is itself logged (audit_log_read): the entries besides those reads are the same.
    const besidesReads = (entries: AuditEntry[]) => entries.filter((e) => e.action !== 'audit_log_read');
    expect(besidesReads(await log(`?until=${tomorrow}`))).toEqual(besidesReads(all));
    const signIns = await log('?action=sign_in');
    expect(await log('?action=sign_in&limit=2')).toEqual(signIns.slice(0, 2));

    for (const [query, field] of [
      ['?action=dance', 'action'],
      ['?since=yesterday', 'since'],
      ['?limit=0', 'limit'],
      ['?who=x', 'who'],
    ] as const) {
      const reply = await p.call('GET', `${AUDIT_CALL}${query}`, { token: admin });
      expect({ status: reply.status, field: reply.body.extra_data?.field }).toEqual({ status: 400, field });
    }
  });

  it('downloads as CSV, with cells a spreadsheet reads as text', async () => {
    const response = await fetch(`${p.url}/api/apps/${p.appId}${AUDIT_CALL}?format=csv&action=sign_in`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,action,target,address,user_agent,detail');
    expect(lines.length).toBe((await log('?action=sign_in')).length + 1);
    const csv = auditCsv([{ id: '1', at: 'x', actor: '=HYPERLINK("evil")', action: 'sign_in', target: 'a"b', address: null, user_agent: null, detail: {} }]);
    expect(csv.split('\r\n')[1]).toBe(`"x","'=HYPERLINK(""evil"")","sign_in","a""b","","","{}"`);
  });

  it('turns every formula start into text: =, +, -, @, tab and carriage return, in any cell, as a stored browser name brings them', async () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = `${start}cmd|' /C calc'!A0`;
      const row = auditCsv([{ id: '1', at: 'x', actor: cell, action: 'sign_in', target: cell, address: cell, user_agent: cell, detail: {} }]).split('\r\n')[1];
      const quoted = `"'${cell.replace(/"/g, '""')}"`;
      expect(
        row,
        `a cell starting with ${JSON.stringify(start)} must reach the spreadsheet as text ('${JSON.stringify(start).slice(1, -1)}…), not run as a formula`,
      ).toBe(`"x",${quoted},"sign_in",${quoted},${quoted},${quoted},"{}"`);
    }
    // Only the first character matters: a sign inside a cell, or a cell that is only words, stays as it was.
    expect(
      auditCsv([{ id: '1', at: 'a=b', actor: 'ann+x@lender.example', action: 'sign_in', target: 'x-y', address: '', user_agent: '', detail: {} }]).split(
        '\r\n',
      )[1],
    ).toBe(`"a=b","ann+x@lender.example","sign_in","x-y","","","{}"`);
    // The same through the download: a sign-in whose browser calls itself "@SUM(1+1)".
    const signIn = await fetch(`${p.url}/api/apps/${p.appId}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': '@SUM(1+1)*cmd' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(signIn.status).toBe(200);
    await p.settled();
    const response = await fetch(`${p.url}/api/apps/${p.appId}${AUDIT_CALL}?format=csv&action=sign_in`, { headers: { Authorization: `Bearer ${admin}` } });
    const text = await response.text();
    expect(text, 'the stored User-Agent "@SUM(1+1)*cmd" must be downloaded as text').toContain(`"'@SUM(1+1)*cmd"`);
    expect(text).not.toMatch(/(^|,)"@SUM/m);
  });

  it('is the admins’ alone: viewers and signed-out callers are refused, and no call changes or deletes an entry', async () => {
    const viewer = await registeredUser(p, 'fay@lender.example', 'fay-password-12345');
    expect((await p.call('GET', AUDIT_CALL, { token: viewer })).status).toBe(403);
    expect((await p.call('GET', AUDIT_CALL)).status).toBe(403);
    const before = await log();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await p.call(method, AUDIT_CALL, { token: admin, body: {} })).status, `${method} as admin`).toBe(405);
      expect((await p.call(method, `${AUDIT_CALL}/${before[0]!.id}`, { token: p.serviceToken, body: {} })).status, `${method} one entry`).toBe(405);
      expect((await p.call(method, AUDIT_CALL, { token: viewer, body: {} })).status, `${method} as viewer`).toBe(403);
    }
    // Not through the generic store either.
    expect((await p.call('GET', '/entities/AuditLog', { token: admin })).status).toBe(403);
    expect((await p.call('POST', '/entities/AuditLog', { token: admin, body: { action: 'sign_in' } })).status).toBe(403);
    // The database itself refuses to change or remove one.
    await expect(p.db.query(`UPDATE audit_log SET actor = 'someone' WHERE id = $1`, [before[0]!.id])).rejects.toThrow(/append-only/);
    await expect(p.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    expect((await log()).slice(-before.length)).toEqual(before);
  });

  it('keeps entries for the retention setting: older ones are pruned at start, newer ones stay', async () => {
    // An entry from 401 days ago, written as an older platform would have (the insert is allowed; changes are not).
    await p.db.query(`INSERT INTO audit_log (app_id, at, actor, action) VALUES ($1, now() - interval '401 days', 'old@lender.example', 'sign_in')`, [p.appId]);
    await p.db.query(`INSERT INTO audit_log (app_id, at, actor, action) VALUES ($1, now() - interval '399 days', 'kept@lender.example', 'sign_in')`, [p.appId]);
    expect(await pruneAuditLog(p.db)).toBe(1);
    expect(await log('?person=old@lender.example')).toEqual([]);
    expect(await log('?person=kept@lender.example')).toHaveLength(1);
    expect(await pruneAuditLog(p.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await log('?person=kept@lender.example')).toEqual([]);
  });
});
