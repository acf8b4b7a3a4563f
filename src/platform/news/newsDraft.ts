import { ADMIN_PATH } from '../../../schemas/accessPaths.ts';
import type { PreparedFor } from '../../../schemas/accessWire.ts';
import { durationText } from '../../../schemas/durationText.ts';
import type { MailDraft } from '../mail/mailDraft.ts';
import { quoted } from '../mail/mailText.ts';
import type { NewsItem } from './newsItems.ts';

// The owner's mail about one partner: every piece of news kept since their last mail about that
// partner, oldest first, then one button to the console. What the partner typed (their name, a
// question) is quoted on one line and never becomes a link (mailText.ts).

/** The partner as a mail names them. */
export interface NewsPartner {
  email: string;
  full_name: string | null;
  /** Who the admins prepared the deck for: their words, so the mail names the partner as the console does. */
  prepared_for?: PreparedFor | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The paragraphs of one piece of news. */
export function newsLines(item: NewsItem): string[] {
  switch (item.kind) {
    case 'first_open':
      return ['Opened the deck for the first time.'];
    case 'visit': {
      const asked = item.questions > 0 ? `, and asked ${plural(item.questions, 'question')}` : '';
      const read =
        item.pages.length > 0 ? `read ${plural(item.pages.length, 'page')} in ${durationText(item.ms)}` : `had the deck open for ${durationText(item.ms)}`;
      const lines = [`Finished a visit: ${read}${asked}.`];
      if (item.pages.length > 0) lines.push(`Pages read: ${item.pages.map((page) => `${page.page} (${durationText(page.ms)})`).join(', ')}.`);
      return lines;
    }
    case 'question':
      return [`Asked on ${item.page}${item.figure ? `, about ${item.figure}` : ''}: ${quoted(item.question)}`];
  }
}

/** The subject for `items` about `who`. */
function newsSubject(who: string, items: readonly NewsItem[]): string {
  if (items.length > 1) return `${plural(items.length, 'update')} on ${who}`;
  const item = items[0]!;
  if (item.kind === 'first_open') return `${who} opened the deck for the first time`;
  if (item.kind === 'visit') return `${who} finished a visit`;
  return `${who} asked a question on ${item.page}`;
}

/** The large line: what happened, for one piece of news; that there is news, for several. */
function newsHeading(items: readonly NewsItem[]): string {
  if (items.length > 1) return 'News from a partner';
  const kind = items[0]!.kind;
  return kind === 'first_open' ? 'A partner opened the deck' : kind === 'visit' ? 'A partner finished a visit' : 'A partner asked a question';
}

/**
 * The partner as the mail's first line names them: by the Prepared-for the admins gave them ("Dana
 * Reyes of Lender Example Bank"), else by the name they typed, quoted; always with the address.
 */
function partnerLine(partner: NewsPartner): string {
  const prepared = partner.prepared_for;
  if (prepared) return `${prepared.name}${prepared.company ? ` of ${prepared.company}` : ''} <${partner.email}>`;
  const name = quoted(partner.full_name, 100);
  return name ? `${name} <${partner.email}>` : partner.email;
}

/** The mail to the owner at `to` about `partner`, listing `items` oldest first. */
export function newsDraft(publicUrl: string, to: string, partner: NewsPartner, items: readonly NewsItem[]): MailDraft {
  const lines = items.flatMap(newsLines);
  const asked = items.some((item) => item.kind === 'question');
  return {
    to,
    kind: 'owner_news',
    // The address, never the typed name: a subject line is read before anyone looks closely.
    subject: newsSubject(partner.email, items),
    heading: newsHeading(items),
    intro: [`${partnerLine(partner)}:`, ...lines],
    action: {
      label: asked ? 'Open the console to answer' : 'Open the console',
      url: `${publicUrl}${ADMIN_PATH}#${asked ? 'admin-questions' : 'admin-engagement'}`,
    },
    outro: ['At most one such mail an hour about each partner; news that comes sooner waits for the next one.'],
  };
}
