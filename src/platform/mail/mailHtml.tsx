/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above: scripts run by tsx outside the repository (npm run invite in a deck folder) find no tsconfig.json.
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailDraft } from './mailDraft.ts';
import { MailLayout } from './MailLayout.tsx';
import type { MailFrame } from './mailPlainText.ts';
import { mailFooter } from './mailWording.ts';

// The HTML part of a mail, through the one template. Loaded only when a mail server takes the
// message (outbox.ts): without one, mail is its plain text in the log, and React stays unloaded.

// XHTML 1.0 Transitional: the doctype mail clients render most alike (React Email's own).
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The HTML part. */
export function mailHtml(draft: MailDraft, frame: MailFrame): string {
  const footer = mailFooter(frame.deck, draft.kind, draft.to, frame.publicUrl);
  return `${DOCTYPE}${renderToStaticMarkup(<MailLayout draft={draft} company={frame.deck.company} footer={footer} logo={frame.logo} />)}`;
}
