import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './waitFor.ts';

/** One message the test SMTP server received, parsed. */
export interface ReceivedMail {
  /** Recipients of the envelope, lower-case. */
  to: string[];
  /** The From header's sender as `Name <address>` (or the bare address). */
  from: string;
  subject: string;
  text: string;
  /** The HTML part, or '' when there is none. */
  html: string;
  /** The user that signed in over SMTP AUTH, or null without AUTH. */
  user: string | null;
  /** The From header's display name and address apart. */
  sender: { name: string; address: string };
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  /** The Reply-To address, or '' without one. */
  replyTo: string;
  /** The attachments: inline images by their content id. */
  attachments: Array<{ contentType: string; cid: string | undefined; size: number; inline: boolean }>;
  /** The raw message as it arrived, headers and all. */
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export interface TestSmtpServer {
  /** `smtp://USER:PASS@127.0.0.1:PORT` for the platform's smtpUrl. */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** The latest message to `to` whose `kind` (a subject fragment or a predicate) matches, waiting with a deadline. */
  waitForMail(to: string, kind: string | RegExp | ((mail: ReceivedMail) => boolean), timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const senderOf = (sender: { name: string; address?: string | undefined } | undefined) =>
  sender?.name ? `${sender.name} <${sender.address ?? ''}>` : (sender?.address ?? '');

/**
 * Starts an SMTP server (the `smtp-server` package) on 127.0.0.1 and a free port, or where `at` says
 * (containers reach the host at their network's gateway). No TLS, so the client must not be offered
 * STARTTLS; AUTH is accepted over plain text for `credentials` only.
 */
export async function startSmtpServer(
  credentials = { user: 'deck', pass: 'mail-secret' },
  at: { host: string; port: number } = { host: '127.0.0.1', port: 0 },
): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((done, fail) => {
        stream.on('end', () => done(Buffer.concat(chunks)));
        stream.on('error', fail);
      })
        .then(async (raw) => ({ raw: raw.toString('utf8'), parsed: await simpleParser(raw) }))
        .then(
          ({ raw, parsed }) => {
            messages.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: senderOf(parsed.from?.value[0]),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              user: typeof session.user === 'string' ? session.user : null,
              sender: { name: parsed.from?.value[0]?.name ?? '', address: parsed.from?.value[0]?.address ?? '' },
              messageId: parsed.messageId ?? '',
              replyTo: parsed.replyTo?.value[0]?.address ?? '',
              attachments: parsed.attachments.map((file) => ({
                contentType: file.contentType,
                cid: file.cid,
                size: file.size,
                inline: file.contentDisposition === 'inline',
              })),
              raw,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    const listening = server.listen(at.port, at.host, () => resolve((listening.address() as AddressInfo).port));
  });
  const matches = (kind: string | RegExp | ((mail: ReceivedMail) => boolean), mail: ReceivedMail) =>
    typeof kind === 'function' ? kind(mail) : typeof kind === 'string' ? mail.subject.includes(kind) : kind.test(mail.subject);
  return {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@${at.host}:${port}`,
    port,
    messages,
    waitForMail: (to, kind, timeoutMs = 5000) =>
      eventually(
        () => {
          const found = messages.findLast((mail) => mail.to.includes(to.toLowerCase()) && matches(kind, mail));
          if (!found) throw new Error(`${messages.length} received, none matching`);
          return found;
        },
        {
          timeoutMs,
          what: `a mail to ${to} matching ${String(kind)}`,
        },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
