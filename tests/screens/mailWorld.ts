import { resolve } from 'node:path';
import { ACCESS_CALL, ACCESS_ENTITY } from '../../schemas/accessWire.ts';
import { QUESTION_ENTITY } from '../../schemas/questionPaths.ts';
import { TEST_MAIL_CALL } from '../../schemas/readinessWire.ts';
import { readDeckSettings } from '../../src/platform/config.ts';
import { NOTICES_PER_ADMIN_PER_HOUR } from '../../src/platform/records/adminNotices.ts';
import { ADMIN, startTestPlatform } from '../platform/harness.ts';
import { startSmtpServer } from '../support/smtpServer.ts';
import { eventually } from '../support/waitFor.ts';
import { withLogo } from './mailScreens.ts';

// Every kind of mail the deck sends but the invitation (mailScreens.ts draws that one from fixed
// dates), as a real mail server on loopback receives it: the people and the console do what makes
// each go out, through the API. A kind the platform sends that is not in MAIL_KINDS stops the world
// with its name, so a new kind of mail is pictured from the day it is sent.

/** The kinds pictured from the mail server, each once: the first of its kind. */
export const MAIL_KINDS = [
  'otp',
  'account_exists',
  'reset',
  'access_request',
  'access_approved',
  'access_declined',
  'consultation',
  'notice_digest',
  'owner_news',
  'question_answered',
  'test',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Drawn from fixed words and dates instead (mailScreens.ts), so its link's end date holds still. */
const DRAWN_ELSEWHERE = new Set(['invite']);

const HOUR = 60 * 60 * 1000;

/**
 * A link's token differs in every mail and, written out, wraps on a different number of lines: the
 * same number of one character keeps the picture still (a mask could not, its height follows the lines).
 */
const steadyTokens = (html: string) => html.replace(/(_token=)([^"&<\s]+)/g, (_match, key: string, token: string) => key + 'x'.repeat(token.length));

/** Each kind's HTML part as the recipient's mail client gets it, the inline logo in place. */
export async function gatherMails(): Promise<Record<MailKind, string>> {
  const settings = readDeckSettings(resolve('slides', 'deck.yaml'));
  const smtp = await startSmtpServer();
  let offset = 0;
  const p = await startTestPlatform('private_with_login', {
    staticDir: resolve('dist'),
    smtpUrl: smtp.url,
    publicUrl: 'https://deck.reverseholdings.example',
    deck: { company: settings.company.name, title: 'investor deck' },
    now: () => Date.now() + offset,
    newsEveryMs: 40,
    noticeDigestEveryMs: 50,
  });
  try {
    const admin = await p.login(ADMIN.email, ADMIN.password);
    const ok = async (what: string, reply: Promise<{ status: number; body: Record<string, unknown> }>) => {
      const answered = await reply;
      if (answered.status !== 200) throw new Error(`${what}: ${answered.status} ${JSON.stringify(answered.body)}`);
      await p.settled();
      return answered.body;
    };
    const codeFor = async (email: string) => {
      const mail = await smtp.waitForMail(email, 'verification code');
      return /\b(\d{6})\b/.exec(mail.text)![1]!;
    };
    const join = async (email: string, password: string) => {
      await ok(`register ${email}`, p.call('POST', '/auth/register', { body: { email, password } }));
      const verified = await ok(`verify ${email}`, p.call('POST', '/auth/verify-otp', { body: { email, otp_code: await codeFor(email) } }));
      return verified.access_token as string;
    };

    // A partner joins (the code), tries to join again (the account exists) and forgets the password.
    await ok(
      'invite',
      p.call('POST', '/users/invite-user', {
        token: admin,
        body: { user_email: 'dana.reyes@lender-bank.example', role: 'user', prepared_for: { name: 'Dana Reyes', company: 'Lender Example Bank' } },
      }),
    );
    const dana = await join('dana.reyes@lender-bank.example', 'dana-password-12');
    await ok('register again', p.call('POST', '/auth/register', { body: { email: 'dana.reyes@lender-bank.example', password: 'another-password-1' } }));
    await ok('reset', p.call('POST', '/auth/reset-password-request', { body: { email: 'dana.reyes@lender-bank.example' } }));
    // Two people nobody invited ask for access: one let in, one not.
    const askers: string[] = [];
    for (const [email, decision] of [
      ['sam.ortiz@fund.example', 'approve'],
      ['tom.hale@other-fund.example', 'decline'],
    ] as const) {
      const token = await join(email, `${email.split('@')[0]}-password-1`);
      const asked = await ok(
        `request of ${email}`,
        p.call('POST', ACCESS_CALL.requestAccess, { token, body: { message: 'We met at the lenders’ conference in Dallas.' } }),
      );
      await ok(`decision on ${email}`, p.call('POST', ACCESS_CALL.decideRequest(asked.id as string), { token: admin, body: { decision } }));
      if (decision === 'approve') askers.push(token);
    }
    // Consultations fill the admin's hour of notices (the two requests took two places); the two past
    // it wait for the digest an hour later. Each person may ask a few times a day, so three people ask.
    await ok('invite', p.call('POST', '/users/invite-user', { token: admin, body: { user_email: 'lee.park@lender-bank.example', role: 'user' } }));
    const consulting = [dana, ...askers, await join('lee.park@lender-bank.example', 'lee-password-123')];
    const consultation = `/entities/${ACCESS_ENTITY.consultation}`;
    await ok(
      'consultation',
      p.call('POST', consultation, {
        token: dana,
        body: { preferred_times: 'Tuesday or Wednesday afternoon, Eastern', message: 'We would like to go through the valuation page with our CFO.' },
      }),
    );
    const leftInTheHour = NOTICES_PER_ADMIN_PER_HOUR - 3;
    for (let slot = 1; slot <= leftInTheHour + 2; slot += 1)
      await ok(
        `consultation ${slot}`,
        p.call('POST', consultation, { token: consulting[slot % consulting.length], body: { preferred_times: `Thursday, slot ${slot}` } }),
      );
    // A question: the owners are told, and the answer reaches Dana by mail (her deck is not open).
    const asked = await ok(
      'question',
      p.call('POST', `/entities/${QUESTION_ENTITY}`, {
        token: dana,
        body: { path: '/market', question: 'How is the home equity split between the states you lend in?' },
      }),
    );
    await smtp.waitForMail(ADMIN.email, (mail) => mail.text.includes('How is the home equity split'), 20_000);
    await ok(
      'answer',
      p.call('PUT', `/entities/${QUESTION_ENTITY}/${asked.id as string}`, {
        token: admin,
        body: { answer: 'About a third is in California and Florida; the detail is on the next call.' },
      }),
    );
    await ok('test mail', p.call('POST', TEST_MAIL_CALL, { token: admin, body: {} }));
    offset += HOUR + 60_000;

    const kinds = await eventually(
      async () => {
        const rows = await p.db.query<{ kind: string; to: string; subject: string }>(
          `SELECT data->>'kind' AS kind, data->>'to' AS "to", data->>'subject' AS subject FROM outbox WHERE data->>'delivery' = 'sent' ORDER BY seq`,
        );
        const missing = MAIL_KINDS.filter((kind) => !rows.rows.some((row) => row.kind === kind));
        if (missing.length > 0) throw new Error(`not sent yet: ${missing.join(', ')}`);
        return rows.rows;
      },
      { what: 'one mail of every kind', timeoutMs: 30_000 },
    );
    const unlisted = [...new Set(kinds.map((row) => row.kind))].filter(
      (kind) => !(MAIL_KINDS as readonly string[]).includes(kind) && !DRAWN_ELSEWHERE.has(kind),
    );
    if (unlisted.length > 0) throw new Error(`the deck sent mail of a kind the screens do not picture: ${unlisted.join(', ')} (add it to MAIL_KINDS)`);

    const html = {} as Record<MailKind, string>;
    for (const kind of MAIL_KINDS) {
      const first = kinds.find((row) => row.kind === kind)!;
      const received = smtp.messages.find((mail) => mail.to.includes(first.to.toLowerCase()) && mail.subject === first.subject);
      if (!received?.html) throw new Error(`the ${kind} mail to ${first.to} did not arrive with an HTML part`);
      html[kind] = steadyTokens(withLogo(received.html));
    }
    return html;
  } finally {
    await p.close();
    await smtp.close();
  }
}
