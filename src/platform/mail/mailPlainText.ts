import type { MailDraft } from './mailDraft.ts';
import { type DeckIdentity, deckSubject, mailFooter } from './mailWording.ts';

// A mail's plain text, from the same draft as its HTML (mailHtml.tsx) and with the same words in the
// same order, which a text-only client shows as it is: the address under its own line, never inside
// a sentence, so a terminal or a screen reader takes it whole. The outbox keeps this part (secrets
// hidden); without a mail server it is the whole message, in the log.

/** Who sends the deck's mail and where it lives, as every mail names them. */
export interface MailFrame {
  deck: DeckIdentity;
  publicUrl: string;
  /** Whether the company's logo is attached (the HTML part shows it). */
  logo: boolean;
}

/** The subject as sent: it names the company and the deck. */
export function mailSubject(draft: MailDraft, frame: MailFrame): string {
  return deckSubject(frame.deck, draft.subject);
}

/** The plain-text part. */
export function mailPlainText(draft: MailDraft, frame: MailFrame): string {
  const footer = mailFooter(frame.deck, draft.kind, draft.to, frame.publicUrl);
  const blocks = [
    frame.deck.company,
    draft.heading,
    ...draft.intro,
    ...(draft.code ? [`Your code is ${draft.code}.`] : []),
    ...(draft.action ? [`${draft.action.label}:\n${draft.action.url}`] : []),
    ...(draft.outro ?? []),
    ...(draft.sentBy ? [`Sent by ${draft.sentBy}.`] : []),
    ['--', `${footer.sender} · ${footer.url}`, footer.why, footer.unexpected, footer.never].join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}
