import type { DeckSettings } from '../../../schemas/deckSettings.ts';

// What every mail of the deck says about itself: the company
// and the deck in the subject and the body, why this person gets it, and what to do if they did
// not expect it. A cautious partner should be able to tell it from phishing. It names the company
// that sends the deck (deck.yaml `company.name`), never a partner: no partner's name is in any
// mail but their own invitation.

/** Who sends the deck's mail: deck.yaml `company.name` and the deck's title (`deck.title`, default DEFAULT_DECK_TITLE). */
export interface DeckIdentity {
  company: string;
  title: string;
}

/** The deck's title in mail when deck.yaml sets none. */
export const DEFAULT_DECK_TITLE = 'investor deck';

/** Stand-in for tests and tools that start a platform without deck.yaml. */
export const UNNAMED_DECK: DeckIdentity = { company: 'The deck’s owners', title: DEFAULT_DECK_TITLE };

export function deckIdentityOf(settings: Pick<DeckSettings, 'company' | 'deck'>): DeckIdentity {
  return { company: settings.company.name, title: settings.deck?.title ?? DEFAULT_DECK_TITLE };
}

/** "the Reverse Holdings Group investor deck": the deck as a sentence names it. */
export function deckPhrase(deck: DeckIdentity): string {
  return `the ${deck.company} ${deck.title}`;
}

// Why someone gets each kind of mail, and what to do if they did not expect it.
const REASONS: Record<string, { why: string; unexpected: string }> = {
  invite: {
    why: 'an administrator of the deck invited this address',
    unexpected: 'you can ignore it: nothing happens unless the link is opened, and it stops working on its own.',
  },
  otp: {
    why: 'someone asked for a code to sign up or sign in to the deck with this address',
    unexpected:
      'someone may have typed your address by mistake; ignore this mail and do not share the code with anyone. Nobody can use your address without it.',
  },
  reset: {
    why: 'someone asked to reset the password of the account with this address',
    unexpected: 'ignore this mail: your password stays as it is unless the link is opened.',
  },
  account_exists: {
    why: 'someone tried to create an account with this address, which already has one',
    unexpected: 'ignore this mail: nothing was changed.',
  },
  access_approved: {
    why: 'this address asked for access to the deck',
    unexpected: 'ignore this mail, or tell the deck’s owners by replying to the person who shared it with you.',
  },
  access_declined: {
    why: 'this address asked for access to the deck',
    unexpected: 'ignore this mail: nothing else will be sent about this request.',
  },
  owner_news: {
    why: 'this address is an administrator of the deck, told when partners read it and ask',
    unexpected: 'switch “Mail me when partners read” off under Settings in the console, or ask another administrator who has the admin role.',
  },
  question_answered: {
    why: 'you asked a question on the deck with this address',
    unexpected: 'ignore this mail, or tell the deck’s owners by replying to the person who shared it with you.',
  },
  test: {
    why: 'an administrator of the deck sent a test mail to this address from the console',
    unexpected: 'ask the deck’s administrators who did; nothing else happens.',
  },
};
const ADMIN_REASON = {
  why: 'this address is an administrator of the deck',
  unexpected: 'ask another administrator to check who has the admin role in the console.',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A day as a mail writes it, in UTC: "18 December 2026" (no reader has to guess the order of 12/06). */
export function mailDay(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The subject with the company and the deck in front, unless it names the company already. */
export function deckSubject(deck: DeckIdentity, subject: string): string {
  return subject.includes(deck.company) ? subject : `${deck.company} ${deck.title}: ${subject}`;
}

/** What every mail ends with: who sends it and where the deck lives, why this mail came, and what to do if it was not expected. */
export interface MailFooter {
  /** "Reverse Holdings Group · investor deck", and the deck's address. */
  sender: string;
  url: string;
  why: string;
  unexpected: string;
  never: string;
}

/** The footer of a mail of `kind` to `to`. */
export function mailFooter(deck: DeckIdentity, kind: string, to: string, publicUrl: string): MailFooter {
  const reason = REASONS[kind] ?? ADMIN_REASON;
  return {
    sender: `${deck.company} · ${deck.title}`,
    url: `${publicUrl}/`,
    why: `You get this mail because ${reason.why} (${to}).`,
    unexpected: `If you did not expect it, ${reason.unexpected}`,
    never: `${deck.company} never asks for your password or a code by mail or phone.`,
  };
}
