// What one mail of the deck says, before the one template (MailLayout.tsx, mailPlainText.ts) lays
// it out as HTML and as plain text. A new kind of mail is a few lines: a heading, a paragraph or two,
// at most one button, and what happens when it runs out.

/** The one button of a mail; its address is also written out beneath it, for clients that show no buttons. */
export interface MailAction {
  label: string;
  url: string;
}

/** One mail's words. `sendMail` (outbox.ts) adds the company's header and the footer of every mail. */
export interface MailDraft {
  to: string;
  /** What it carries (`invite`, `otp`, `reset`, `notice_digest`, …): why the footer says it came. */
  kind: string;
  subject: string;
  /** The large line under the company's name: what this mail is, in a few words. */
  heading: string;
  /** Paragraphs before the button: the greeting, what happened, what the button does. */
  intro: string[];
  /** The one button, when the mail leads somewhere. */
  action?: MailAction;
  /** A code to type, shown large, for a mail that asks for one instead of a click. */
  code?: string;
  /** Paragraphs after the button: how long the link or code works, who it is for. */
  outro?: string[];
  /** Who sent it, when a person did ("Ann Lee (ann@holdings.example) of Reverse Holdings Group"). */
  sentBy?: string;
  /** Where a reply goes: the person who sent it, never the deck's no-reply address. */
  replyTo?: string;
  /**
   * Codes and links that grant access: the mail (or, without a mail server, the log) gets them; the
   * stored copy has each replaced by a mark, so neither the outbox table nor the database's
   * write-ahead log ever holds them.
   */
  secrets?: string[];
  /** Kept with the stored copy only, never mailed (a test mail keeps the settings it went out with). */
  keep?: Record<string, unknown>;
}

/** A mail as the mail server receives it: both parts, from the one draft. */
export interface RenderedMail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
}
