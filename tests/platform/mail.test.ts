import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CALL } from '../../schemas/accessWire.ts';
import { readFileSync } from 'node:fs';
import { mailSender, messageId } from '../../src/platform/mail/mailer.ts';
import { mailHtml } from '../../src/platform/mail/mailHtml.tsx';
import { mailPlainText } from '../../src/platform/mail/mailPlainText.ts';
import { HIDDEN_MARK, MAILED_MARK } from '../../src/platform/mail/outbox.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer.ts';
import { ADMIN, fakeDeck, startTestPlatform, type TestPlatform, writeMinimalDeckYaml } from './harness.ts';

const FROM = 'Deck of Test Co <deck@testco.example>';

// The outbox copies of mail to one address, newest first.
async function outboxOf(p: TestPlatform, to: string): Promise<Array<Record<string, string>>> {
  const reply = await p.call('GET', `/entities/Outbox?sort=-created_date&q=${encodeURIComponent(JSON.stringify({ to }))}`, { token: p.serviceToken });
  expect(reply.status).toBe(200);
  return reply.body;
}

const DECK = { company: 'Test Co Holdings', title: 'Partnership Briefing' };

/** What every mail must say to be told from phishing: the company and the deck in subject and body, why, and if unexpected. */
function expectTrustworthy(mail: { subject: string; text: string; html: string }, to: string, port: number): void {
  expect(mail.subject).toContain(DECK.company);
  expect(mail.subject).toContain(DECK.title);
  expect(mail.text).toContain(`${DECK.company} · ${DECK.title} · http://localhost:${port}/`);
  expect(mail.text).toContain(`You get this mail because`);
  expect(mail.text).toContain(`(${to})`);
  expect(mail.text).toContain('If you did not expect it, ');
  // Both parts say it; links lead only to the deck's own address.
  expect(mail.html).toContain('If you did not expect it, ');
  expect(mail.html).toContain(DECK.company);
  for (const href of mail.html.matchAll(/href="([^"]+)"/g)) expect(href[1]!.startsWith(`http://localhost:${port}/`)).toBe(true);
}

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

describe('mail through a real SMTP server (SMTP_URL)', () => {
  let smtp: TestSmtpServer;
  let p: TestPlatform;
  // A built deck with the company's mail logo, which every mail carries inline.
  const deck = fakeDeck({});
  const logo = readFileSync(resolve(import.meta.dirname, '../../public/mail-logo.png'));
  beforeAll(async () => {
    smtp = await startSmtpServer();
    writeFileSync(join(deck.dir, 'mail-logo.png'), logo);
    p = await startTestPlatform('private_with_login', { smtpUrl: smtp.url, mailFrom: FROM, deck: DECK, staticDir: deck.dir, adminName: 'Ann Lee' });
    // The first platform of a run may build the migrated snapshot (initdb) on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await p?.close();
    await smtp?.close();
    deck.remove();
  });

  it('says at start where mail goes, without the SMTP password', () => {
    const start = p.logs.find((line) => line.startsWith('Local platform ready'))!;
    expect(start).toContain(`mail goes through smtp://deck:***@127.0.0.1:${smtp.port} from ${FROM}`);
    expect(start).not.toContain('mail-secret');
  });

  it('mails the registration code, signed in over SMTP AUTH, and keeps it out of the log and the outbox', async () => {
    const email = 'coded@example.com';
    await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: email } });
    expect((await p.call('POST', '/auth/register', { body: { email, password: 'coded-password-1' } })).status).toBe(200);
    const mail = await smtp.waitForMail(email, 'verification code');
    expect(mail).toMatchObject({ from: FROM, user: 'deck', to: [email] });
    const code = /code is (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expectTrustworthy(mail, email, p.port);
    expect(mail.text).toContain('do not share the code');

    const logged = p.logs.join('\n');
    expect(logged).toContain(`[mail] sent to ${email} (otp): ${DECK.company} ${DECK.title}: Your verification code`);
    expect(logged).not.toContain(code);
    expect(p.logs.some((line) => line.startsWith(`[outbox] to ${email}`))).toBe(false);

    const [stored] = await outboxOf(p, email);
    expect(stored).toMatchObject({ kind: 'otp', delivery: 'sent' });
    expect(stored!.body).toContain(MAILED_MARK);
    expect(JSON.stringify(await outboxOf(p, email))).not.toContain(code);

    // The mailed code is the real one.
    const verified = await p.call('POST', '/auth/verify-otp', { body: { email, otp_code: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.access_token).toEqual(expect.any(String));
  });

  it('mails a reset link that is absolute, clickable in the HTML part, and works', async () => {
    const email = 'resetter@example.com';
    await p.call('POST', '/users/invite-user', { token: p.serviceToken, body: { user_email: email } });
    await p.call('POST', '/auth/reset-password-request', { body: { email } });
    const mail = await smtp.waitForMail(email, 'Reset your password');
    const link = linkIn(/reset_token=/.test(mail.text) ? mail.text.slice(mail.text.indexOf('http')) : mail.text);
    expect(link.startsWith(`http://localhost:${p.port}/login?reset_token=`)).toBe(true);
    expectTrustworthy(mail, email, p.port);
    expect(mail.text).toContain(`your account for the ${DECK.company} ${DECK.title}`);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(p.logs.join('\n')).not.toContain(link);

    const token = new URL(link).searchParams.get('reset_token');
    const reset = await p.call('POST', '/auth/reset-password', { body: { reset_token: token, new_password: 'a-brand-new-passphrase' } });
    expect(reset.status).toBe(200);
    expect(await p.login(email, 'a-brand-new-passphrase')).toEqual(expect.any(String));
  });

  it('mails an invitation from an admin with one absolute link that opens the invitation form', async () => {
    const email = 'partner@lender.example';
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const invited = await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: email, role: 'user' } });
    expect(invited.status).toBe(200);
    const mail = await smtp.waitForMail(email, /invited you/i);
    const link = linkIn(mail.text);
    expectTrustworthy(mail, email, p.port);
    // Who invited, for which company and deck: in the subject, the words, the sender line, Reply-To.
    expect(mail.subject).toBe(`Ann Lee of ${DECK.company} invited you to the ${DECK.title}`);
    expect(mail.text).toContain(`Ann Lee of ${DECK.company} invited you to view the ${DECK.company} ${DECK.title}.`);
    expect(mail.text).toContain(`Sent by Ann Lee (${ADMIN.email}) of ${DECK.company}.`);
    expect(mail.replyTo).toBe(ADMIN.email);
    expect(link.startsWith(`http://localhost:${p.port}/login?invite_token=`)).toBe(true);
    // The link on a line of its own under the button's words in the text; one button in the HTML, the link written out beneath it.
    expect(mail.text).toContain(`Choose your password:\n${link}\n`);
    expect(mail.html.match(/<a [^>]*href="([^"]+)"/g)?.filter((a) => a.includes('invite_token'))).toHaveLength(2);
    expect(mail.html).toContain(`>${link.replace(/&/g, '&amp;')}</a>`);
    expect(mail.html).toContain('>Choose your password</');
    // From the company's display name and the configured address; a Message-ID of the deck's host.
    expect(mail.sender).toEqual({ name: 'Deck of Test Co', address: 'deck@testco.example' });
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    // The logo travels inline with the mail; the HTML shows it by its content id.
    expect(mail.attachments).toEqual([{ contentType: 'image/png', cid: 'logo@deck', size: logo.length, inline: true }]);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(p.logs.join('\n')).toContain(`[mail] sent to ${email} (invite): ${mail.subject}`);
    expect(p.logs.join('\n')).not.toContain(link);

    const [stored] = await outboxOf(p, email);
    expect(stored).toMatchObject({ kind: 'invite', delivery: 'sent' });
    expect(stored!.body).not.toContain(link);

    const token = new URL(link).searchParams.get('invite_token');
    const status = await p.call('POST', ACCESS_CALL.inviteStatus, { body: { invite_token: token } });
    expect(status.body).toMatchObject({ state: 'valid', email });
  });

  // On the same platform and SMTP server: one more start would prove nothing more.
  describe('invitations of two partners', () => {
    it("names each partner's own Prepared-for only: never the other partner's name or company", async () => {
      const admin = await p.login(ADMIN.email, ADMIN.password);
      const partners = [
        { email: 'ann@alpha-lending.example', prepared_for: { name: 'Ann Alpha', company: 'Alpha Lending Corp' } },
        { email: 'bo@beta-bank.example', prepared_for: { name: 'Bo Beta', company: 'Beta Bank Group' } },
      ];
      for (const partner of partners) {
        const invited = await p.call('POST', ACCESS_CALL.invite, {
          token: admin,
          body: { user_email: partner.email, role: 'user', prepared_for: partner.prepared_for },
        });
        expect(invited.status).toBe(200);
      }
      for (const [i, partner] of partners.entries()) {
        const mail = await smtp.waitForMail(partner.email, /invited you/i);
        expectTrustworthy(mail, partner.email, p.port);
        expect(mail.text).toContain(`Dear ${partner.prepared_for.name},`);
        expect(mail.text).toContain(`prepared for ${partner.prepared_for.name}, ${partner.prepared_for.company}.`);
        const other = partners[1 - i]!;
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part).not.toContain(other.prepared_for.name);
          expect(part).not.toContain(other.prepared_for.company);
          expect(part).not.toContain(other.email);
        }
      }
      // Mail to one address only, every time.
      expect(smtp.messages.every((message) => message.to.length === 1)).toBe(true);
    });
  });
});

describe('a mail server that cannot be reached', () => {
  let p: TestPlatform;
  let deadUrl: string;
  beforeAll(async () => {
    // A port that was just free: nothing listens there any more, so every connection is refused.
    const gone = await startSmtpServer();
    deadUrl = gone.url;
    await gone.close();
    p = await startTestPlatform('private_with_login', { smtpUrl: deadUrl });
  }, 60_000);
  afterAll(() => p?.close());

  it('still answers the request, logs why, keeps the message (in the log, as without a mail server) and marks the copy', async () => {
    const email = 'unlucky@example.com';
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const invited = await p.call('POST', ACCESS_CALL.invite, { token: admin, body: { user_email: email } });
    expect(invited.status).toBe(200);
    expect(p.logs.join('\n')).toMatch(new RegExp(`\\[mail\\] could not send to ${email}: .*(ECONNREFUSED|connect)`, 'i'));

    const registered = await p.call('POST', '/auth/register', { body: { email, password: 'unlucky-password-1' } });
    expect(registered.status).toBe(200);
    const failures = p.logs.filter((line) => line.startsWith(`[mail] could not send to ${email}:`));
    expect(failures).toHaveLength(2);
    const stored = await outboxOf(p, email);
    expect(stored.map((mail) => [mail.kind, mail.delivery])).toEqual([
      ['otp', 'failed'],
      ['invite', 'failed'],
    ]);
    expect(stored[0]!.delivery_error).toMatch(/ECONNREFUSED|connect/i);
    // Its secret is then only in the log, and the copy says so.
    expect(stored[0]!.body).toContain(HIDDEN_MARK);
    expect(stored[0]!.body).not.toMatch(/\d{6}/);

    // The code is not lost: the log holds it, and it works.
    const code = /code is (\d{6})/.exec(p.logs.findLast((line) => line.startsWith(`[outbox] to ${email} (otp):`)) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await p.call('POST', '/auth/verify-otp', { body: { email, otp_code: code } })).status).toBe(200);
    // And the server is still up for everyone else.
    expect((await p.call('POST', '/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } })).status).toBe(200);
  });
});

describe('`npm run invite` without a running server', () => {
  const repo = resolve(import.meta.dirname, '../..');
  const work = mkdtempSync(join(tmpdir(), 'mail-invite-'));
  writeMinimalDeckYaml(work, 'mailinvite', 'private_with_login');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // `node --import tsx`, as durability.test.ts runs scripts: no wrapper process in between.
  async function runInvite(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
    const loader = pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href;
    const child = spawn(process.execPath, ['--import', loader, join(repo, 'scripts/invite.ts'), ...args], {
      cwd: work,
      env: { ...process.env, DATA_DIR: 'data', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    return { code, output };
  }

  it('refuses a malformed SMTP_URL before touching DATA_DIR', async () => {
    const refused = await runInvite({ SMTP_URL: 'mail.example.com:587' }, ['someone@example.com']);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/SMTP_URL must look like smtp:\/\/user:pass@/);
    expect(existsSync(join(work, 'data'))).toBe(false);
  }, 60_000);

  it('mails the invitation through SMTP_URL, as the server would, and prints no link', async () => {
    const smtp = await startSmtpServer();
    try {
      const done = await runInvite({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://deck.example.com' }, ['direct@lender.example']);
      expect(done.code, done.output).toBe(0);
      const mail = await smtp.waitForMail('direct@lender.example', /invited you/i);
      expect(linkIn(mail.text)).toMatch(/^https:\/\/deck\.example\.com\/login\?invite_token=/);
      expect(done.output).toContain('[mail] sent to direct@lender.example (invite)');
      expect(done.output).not.toContain('invite_token=');
    } finally {
      await smtp.close();
    }
  }, 120_000);
});

describe('the mail template', () => {
  const frame = { deck: { company: 'Holdings & Co', title: 'investor deck' }, publicUrl: 'https://deck.example.com', logo: true };
  const draft = {
    to: 'rae@bank.example',
    kind: 'invite',
    subject: 's',
    heading: 'You are invited',
    intro: ['Hi <b>you</b> & co,', 'See https[:]//elsewhere[.]example/page'],
    action: { label: 'Choose your password', url: 'https://deck.example.com/login?a=1&b=2' },
    outro: ['The link works until 18 December 2026 (UTC).'],
    sentBy: 'Ann Lee (ann@holdings.example) of Holdings & Co',
  };

  it('writes the HTML part from the one layout: logo and name, heading, escaped words, one button, the link beneath, footer', () => {
    const html = mailHtml(draft, frame);
    expect(html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(html).toContain('src="cid:logo@deck"');
    expect(html).toContain('Holdings &amp; Co');
    expect(html).toContain('Hi &lt;b&gt;you&lt;/b&gt; &amp; co,');
    // Links: the button and the address written out, both the deck's own, and the footer's address; nothing else.
    expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'https://deck.example.com/login?a=1&amp;b=2',
      'https://deck.example.com/login?a=1&amp;b=2',
      'https://deck.example.com/',
    ]);
    expect(html).toContain('Sent by Ann Lee (ann@holdings.example) of Holdings &amp; Co.');
    expect(mailHtml(draft, { ...frame, logo: false })).not.toContain('cid:');
  });

  it('writes the same words in the plain-text part, the link on its own line', () => {
    expect(mailPlainText(draft, frame)).toBe(
      [
        'Holdings & Co',
        'You are invited',
        'Hi <b>you</b> & co,',
        'See https[:]//elsewhere[.]example/page',
        'Choose your password:\nhttps://deck.example.com/login?a=1&b=2',
        'The link works until 18 December 2026 (UTC).',
        'Sent by Ann Lee (ann@holdings.example) of Holdings & Co.',
        [
          '--',
          'Holdings & Co · investor deck · https://deck.example.com/',
          'You get this mail because an administrator of the deck invited this address (rae@bank.example).',
          'If you did not expect it, you can ignore it: nothing happens unless the link is opened, and it stops working on its own.',
          'Holdings & Co never asks for your password or a code by mail or phone.',
        ].join('\n'),
      ].join('\n\n') + '\n',
    );
  });

  it('names the sender as MAIL_FROM does, else "<company> via the <deck>", and puts Message-IDs on the public host', () => {
    const deck = { company: 'Holdings Co', title: 'investor deck' };
    expect(mailSender('no-reply@deck.example.com', deck)).toEqual({
      name: 'Holdings Co via the investor deck',
      address: 'no-reply@deck.example.com',
      named: false,
    });
    expect(mailSender('"Holdings Co deck" <deck@holdings.example>', deck)).toEqual({ name: 'Holdings Co deck', address: 'deck@holdings.example', named: true });
    expect(mailSender(undefined, deck)).toMatchObject({ name: 'Holdings Co via the investor deck', address: 'no-reply@localhost' });
    expect(messageId('https://deck.holdings.example')).toMatch(/^<[0-9a-f-]{36}@deck\.holdings\.example>$/);
  });
});
