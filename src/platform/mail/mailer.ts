import type { Transporter } from 'nodemailer';
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

/**
 * The HTML part: the plain text, escaped, with the deck's own links (those starting with
 * `linkBase`, the PUBLIC_URL) made clickable and nothing else: an address anyone else wrote stays text.
 */
export function htmlBody(text: string, linkBase: string): string {
  const base = escapeHtml(linkBase.replace(/\/+$/, ''));
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => {
    const linked = escapeHtml(paragraph).replace(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) =>
      base && (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) ? `<a href="${url}">${url}</a>` : url,
    );
    return `<p>${linked.replace(/\n/g, '<br>')}</p>`;
  });
  return `<!doctype html><html><body style="font-family: system-ui, sans-serif; line-height: 1.5">${paragraphs.join('')}</body></html>`;
}

/**
 * A nodemailer SMTP transport for `smtp://user:pass@host:587` or `smtps://…` (checked by config.ts);
 * `linkBase` gives the PUBLIC_URL, the only links its HTML parts make clickable.
 */
export function createMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM, linkBase: () => string = () => ''): Mailer {
  // nodemailer is loaded with the first message: a platform that sends none never pays its import.
  let transport: Promise<Transporter> | undefined;
  const open = () => (transport ??= import('nodemailer').then(({ createTransport }) => createTransport({ ...TIMEOUTS, url: smtpUrl }, { from })));
  return {
    async deliver(message) {
      await (await open()).sendMail({ to: message.to, subject: message.subject, text: message.body, html: htmlBody(message.body, linkBase()) });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

/** SMTP_URL as it may be shown in a log: the password replaced by `***`. */
export function redactSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = '***';
  return url.toString().replace(/\/$/, '');
}
