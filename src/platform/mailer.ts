import { createTransport } from 'nodemailer';
import type { OutboxMessage } from './outbox.ts';

/** The sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Investor deck <no-reply@localhost>';

/** Hands messages to a real SMTP server (SMTP_URL). */
export interface Mailer {
  /** Sends one message; rejects with the server's reason when it cannot. */
  deliver(message: OutboxMessage): Promise<void>;
  /** Closes the transport's connections. */
  close(): void;
}

// A mail server that accepts the connection and then says nothing must not hold a request for
// nodemailer's defaults (2 min to connect, 10 min idle): an invitation waits at most about 30 s.
// Options in SMTP_URL's query (`?connectionTimeout=60000`) still win over these.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The HTML part: the plain text, escaped, each absolute link made clickable. */
export function htmlBody(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => {
    const linked = escapeHtml(paragraph).replace(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);
    return `<p>${linked.replace(/\n/g, '<br>')}</p>`;
  });
  return `<!doctype html><html><body style="font-family: system-ui, sans-serif; line-height: 1.5">${paragraphs.join('')}</body></html>`;
}

/** A nodemailer SMTP transport for `smtp://user:pass@host:587` or `smtps://…` (checked by config.ts). */
export function createMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = createTransport({ ...TIMEOUTS, url: smtpUrl }, { from });
  return {
    async deliver(message) {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.body, html: htmlBody(message.body) });
    },
    close: () => transport.close(),
  };
}

/** SMTP_URL as it may be shown in a log: the password replaced by `***`. */
export function redactSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = '***';
  return url.toString().replace(/\/$/, '');
}
