import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { LOGO_CID } from './MailLayout.tsx';
import type { RenderedMail } from './mailDraft.ts';
import type { DeckIdentity } from './mailWording.ts';

/** The sender's address when MAIL_FROM is not set (the "Ready to share" list asks for a real one). */
export const DEFAULT_MAIL_ADDRESS = 'no-reply@localhost';

/** Who the From header names: a display name a partner recognises and the configured address. */
export interface MailSender {
  name: string;
  address: string;
  /** Whether MAIL_FROM gave the name (else it is made from the company's: senderName). */
  named: boolean;
}

/** "Reverse Holdings Group via the investor deck": the display name when MAIL_FROM gives none. */
export function senderName(deck: DeckIdentity): string {
  return `${deck.company} via the ${deck.title}`;
}

/** MAIL_FROM (`Name <address>` or a bare address, checked by config.ts) as the From header names it. */
export function mailSender(mailFrom: string | undefined, deck: DeckIdentity): MailSender {
  const match = mailFrom ? /^\s*(?:"?([^<>"]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(mailFrom) : null;
  const address = match?.[2] ?? match?.[3] ?? DEFAULT_MAIL_ADDRESS;
  const given = match?.[1]?.trim();
  return given ? { name: given, address, named: true } : { name: senderName(deck), address, named: false };
}

/** `"Name" <address>` as a log or the console shows it. */
export function senderText(sender: MailSender): string {
  return `${sender.name} <${sender.address}>`;
}

/** Hands messages to a real SMTP server (SMTP_URL). */
export interface Mailer {
  /** Sends one message; rejects with the server's reason when it cannot. */
  deliver(message: RenderedMail): Promise<void>;
  /** Whether each message carries the company's logo (the HTML part shows it). */
  readonly logo: boolean;
  /** Closes the transport's connections. */
  close(): void;
}

/** What a mailer needs besides the server: the sender, the deck's public host (Message-IDs), the logo. */
export interface MailerOptions {
  sender: MailSender;
  /** The PUBLIC_URL, read at each message: its host ends every Message-ID. */
  publicUrl: () => string;
  /** The company's logo as a PNG (mail clients show no SVG); absent: the name stands alone. */
  logo?: Buffer | null;
}

// A mail server that accepts the connection and then says nothing must not hold a request for
// nodemailer's defaults (2 min to connect, 10 min idle): an invitation waits at most about 30 s.
// Options in SMTP_URL's query (`?connectionTimeout=60000`) still win over these.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** A Message-ID on the deck's own public host, as a receiving server expects of the domain that sent it. */
export function messageId(publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // A PUBLIC_URL config.ts let through always parses; this only guards a hand-made context.
  }
  return `<${randomUUID()}@${host}>`;
}

/**
 * A nodemailer SMTP transport for `smtp://user:pass@host:587` or `smtps://…` (checked by config.ts).
 * Every message goes out as HTML with its plain-text alternative, from the sender's display name and
 * configured address, with a Message-ID on the public host and the logo inline.
 */
export function createMailer(smtpUrl: string, options: MailerOptions): Mailer {
  // nodemailer is loaded with the first message: a platform that sends none never pays its import.
  let transport: Promise<Transporter> | undefined;
  const open = () => (transport ??= import('nodemailer').then(({ createTransport }) => createTransport({ ...TIMEOUTS, url: smtpUrl })));
  const logo = options.logo ?? null;
  return {
    logo: logo !== null,
    async deliver(message) {
      await (await open()).sendMail({
        from: { name: options.sender.name, address: options.sender.address },
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: messageId(options.publicUrl()),
        attachments: logo ? [{ filename: 'logo.png', content: logo, cid: LOGO_CID, contentType: 'image/png', contentDisposition: 'inline' }] : [],
      });
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
