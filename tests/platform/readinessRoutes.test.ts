import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CALL } from '../../schemas/auditPaths.ts';
import { DECK_PDF_FILE } from '../../schemas/engagementPaths.ts';
import { FIGURES_FILE, LEDGER_FORMAT, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { type Readiness, READINESS_CALL, TEST_MAIL_CALL } from '../../schemas/readinessWire.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer.ts';
import { ADMIN, fakeDeck, startTestPlatform, type TestPlatform } from './harness.ts';

// The "Ready to share" calls on a platform with a real SMTP server on loopback: the list for the
// admin who asks, a test mail that reaches the mail server and ticks its item, and no list for anyone
// but an admin. The start-up message sums the same list up.
const root = fakeDeck({ 'dist/index.html': '<h1>Deck</h1>', 'dist/404.html': 'missing', 'dist/_gate.html': '<html><head></head><body>gate</body></html>' });
const ledger: LedgerSnapshot = {
  format: LEDGER_FORMAT,
  figures: {
    'market.homeEquity': { label: 'Home equity', value: { kind: 'usd', usd: 1 } as never, text: '$1', source: 'Report (test)', asOf: '2025-06', pages: [] },
    'market.penetration': { label: 'Penetration', value: { kind: 'percent', percent: 1 } as never, text: '1%', source: null, asOf: null, pages: [] },
  },
  pages: {},
};
let smtp: TestSmtpServer;
let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([400, 300]);
  writeFileSync(join(root.dir, 'dist', DECK_PDF_FILE), await pdf.save());
  mkdirSync(join(root.dir, 'dist-server'), { recursive: true });
  writeFileSync(join(root.dir, 'dist-server', FIGURES_FILE), JSON.stringify(ledger));
  smtp = await startSmtpServer();
  p = await startTestPlatform('private_with_login', {
    staticDir: join(root.dir, 'dist'),
    smtpUrl: smtp.url,
    mailFrom: 'no-reply@reverseholdings.com',
    publicUrl: 'https://deck.reverseholdings.com',
    deck: { company: 'Reverse Holdings Group', title: 'investor deck' },
    samples: ['partner.name'],
  });
  admin = await p.login(ADMIN.email, ADMIN.password);
}, 120_000);
afterAll(async () => {
  await p?.close();
  await smtp?.close();
  root.remove();
});

const readiness = async (token = admin) => (await p.call('GET', READINESS_CALL, { token })) as { status: number; body: Readiness };
const doneOf = (list: Readiness) => Object.fromEntries(list.items.map((item) => [item.id, item.done]));

describe('the "Ready to share" list', () => {
  it('is summed up in the start-up message', () => {
    const message = p.logs.find((line) => line.startsWith('Local platform ready'))!;
    expect(message).toContain(
      '  not ready to share (4 of 7 done); still to do: a test mail, sample values (1), figure sources (1 missing); the console’s “Ready to share” list says how\n',
    );
  });

  it('tells the admin what is done and what is left, with the figures without a source behind their count', async () => {
    const { status, body } = await readiness();
    expect(status).toBe(200);
    expect(body.ready).toBe(false);
    expect(doneOf(body)).toEqual({ name: true, sender: true, public_address: true, test_mail: false, samples: false, sources: false, pdf: true });
    expect(body.items.find((item) => item.id === 'sources')).toMatchObject({ list: ['market.penetration'] });
    expect(body.items.find((item) => item.id === 'sender')!.status).toBe(
      `Mail goes out as “Reverse Holdings Group via the investor deck” <no-reply@reverseholdings.com> through smtp://deck:***@127.0.0.1:${smtp.port}.`,
    );
  });

  it('sends a test mail through the mail server, in the deck’s template, ticks its item and logs it', async () => {
    const sent = await p.call('POST', TEST_MAIL_CALL, { token: admin });
    expect(sent.status).toBe(200);
    expect(doneOf(sent.body).test_mail).toBe(true);
    const mail = await smtp.waitForMail(ADMIN.email, /Test mail/);
    expect(mail.sender).toEqual({ name: 'Reverse Holdings Group via the investor deck', address: 'no-reply@reverseholdings.com' });
    expect(mail.messageId).toMatch(/@deck\.reverseholdings\.com>$/);
    expect(mail.text).toContain(`Test Admin sent this test from the console of the Reverse Holdings Group investor deck`);
    expect(mail.text).toContain('Open the console:\nhttps://deck.reverseholdings.com/admin#admin-ready\n');
    expect(mail.html).toContain('href="https://deck.reverseholdings.com/admin#admin-ready"');
    expect(doneOf((await readiness()).body).test_mail).toBe(true);
    const logged = (await p.call('GET', `${AUDIT_CALL}?action=test_mail_sent`, { token: admin })).body;
    expect(logged).toEqual([expect.objectContaining({ actor: ADMIN.email, target: ADMIN.email, action: 'test_mail_sent' })]);
  });

  it('is for admins only: a viewer and the service role are refused, and nothing is mailed for them', async () => {
    // A viewer signed up through the mailed code (with a mail server, codes never reach the log).
    const email = 'viewer@lender.example';
    await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: email, role: 'user' } });
    await p.call('POST', '/auth/register', { body: { email, password: 'viewer-password-12' } });
    const code = /code is (\d{6})/.exec((await smtp.waitForMail(email, 'verification code')).text)![1];
    const viewer = (await p.call('POST', '/auth/verify-otp', { body: { email, otp_code: code } })).body.access_token as string;
    const before = smtp.messages.length;
    expect((await readiness(viewer)).status).toBe(403);
    expect((await p.call('POST', TEST_MAIL_CALL, { token: viewer })).status).toBe(403);
    expect((await readiness(p.serviceToken)).status).toBe(403);
    expect((await p.call('POST', TEST_MAIL_CALL, { token: p.serviceToken })).status).toBe(403);
    expect((await p.call('GET', READINESS_CALL)).status).toBe(403);
    expect(smtp.messages.length).toBe(before);
  });
});
