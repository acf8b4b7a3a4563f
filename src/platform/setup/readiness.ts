import type { Readiness, ReadinessItem } from '../../../schemas/readinessWire.ts';
import { LIST_SAMPLES_COMMAND } from '../../content/samples.ts';
import type { MailSender } from '../mail/mailer.ts';

// "Ready to share", decided from what the platform knows (readinessFacts.ts gathers it): each item
// says how it stands, what to do and where, and what a partner invited now would meet. Pure, so the
// console's checklist, the start-up message's summary and the tests read one decision.

/** What the checklist is decided from. */
export interface ReadinessFacts {
  company: string;
  /** The admin the checklist is for (at start-up: the first admin); null when there is none. */
  admin: { email: string; name: string | null; passwordGenerated: boolean } | null;
  sender: MailSender;
  /** SMTP_URL without its password, or null without a mail server. */
  mailServer: string | null;
  publicUrl: string;
  /** Settings of deck.yaml still holding sample values. */
  samples: readonly string[];
  /** Figures of the served build without a source or as-of date; null when the build has no ledger. */
  unsourced: readonly string[] | null;
  pdfExported: boolean;
  /** The latest test mail: to whom, when, and whether the mail server took it, with the settings in force now. */
  testMail: { to: string; at: string; delivery: 'sent' | 'failed' | 'log'; error?: string; current: boolean } | null;
}

// Names no one can be mailed from or sent to: the reserved test and example domains, and this machine.
const NOT_REAL = /(^|\.)(localhost|local|test|example|invalid|internal|home\.arpa)$|(^|\.)example\.(com|net|org)$/i;

/** Whether `host` is a domain on the internet: dotted, not an address, not a reserved or local name. */
export function isRealDomain(host: string): boolean {
  return /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) && !/^[\d.]+$/.test(host) && !NOT_REAL.test(host);
}

function nameItem(facts: ReadinessFacts): ReadinessItem {
  const name = facts.admin?.name?.trim();
  return name
    ? { id: 'name', title: 'Your name', done: true, status: `Partners read “${name}” in your invitations and in “${name} is presenting”.` }
    : {
        id: 'name',
        title: 'Your name',
        done: false,
        status: 'You have no name yet: your invitations name you by your address only.',
        todo: 'Give your name below (or set ADMIN_NAME before the first start).',
        partnerSees: `The invitation says your address, ${facts.admin?.email ?? 'an address'}, invited them, not who you are.`,
      };
}

function senderItem(facts: ReadinessFacts): ReadinessItem {
  const from = `“${facts.sender.name}” <${facts.sender.address}>`;
  const domain = facts.sender.address.split('@')[1] ?? '';
  const namesCompany = facts.sender.name.toLowerCase().includes(facts.company.toLowerCase());
  const problems = [
    ...(facts.mailServer ? [] : ['no mail server is set (SMTP_URL), so mail goes only to the server log']),
    ...(isRealDomain(domain) ? [] : [`${facts.sender.address} is not an address on your mail domain (MAIL_FROM)`]),
    ...(namesCompany ? [] : [`the sender's name does not name ${facts.company}`]),
  ];
  if (problems.length === 0) return { id: 'sender', title: 'The sender', done: true, status: `Mail goes out as ${from} through ${facts.mailServer}.` };
  return {
    id: 'sender',
    title: 'The sender',
    done: false,
    status: `Mail would go out as ${from}: ${problems.join('; ')}.`,
    todo: `Set SMTP_URL to your mail server and MAIL_FROM to an address on your domain, such as no-reply@${isRealDomain(domain) ? domain : 'your-company.com'} (mail then goes out as “${namesCompany ? facts.sender.name : `${facts.company} via the deck`}”), and restart the platform.`,
    partnerSees: facts.mailServer
      ? `The invitation comes from ${facts.sender.address}; their mail server may refuse it or file it as spam.`
      : 'No mail leaves this server: the invitation goes only to the server log, and you would have to pass the link on yourself.',
  };
}

function publicAddressItem(facts: ReadinessFacts): ReadinessItem {
  let url: URL | null = null;
  try {
    url = new URL(facts.publicUrl);
  } catch {
    // Reported below as not an https address.
  }
  if (url?.protocol === 'https:' && isRealDomain(url.hostname)) {
    return { id: 'public_address', title: 'The public address', done: true, status: `Links in mail lead to ${facts.publicUrl}/.` };
  }
  return {
    id: 'public_address',
    title: 'The public address',
    done: false,
    status: `Links in mail lead to ${facts.publicUrl}/, ${url?.protocol === 'https:' ? 'which is not a public address' : 'which is not an https address on the internet'}.`,
    todo: 'Set PUBLIC_URL to the https address partners open (such as https://deck.your-company.com) and restart the platform.',
    partnerSees: `The link in the invitation leads to ${facts.publicUrl}/, which will not open on their machine.`,
  };
}

function testMailItem(facts: ReadinessFacts): ReadinessItem {
  const test = facts.testMail;
  const base = { id: 'test_mail' as const, title: 'A test mail to yourself' };
  if (!test)
    return { ...base, done: false, status: 'No test mail has been sent yet.', todo: 'Send one below, then check it arrived in your inbox (not in spam).' };
  const when = `${test.at.slice(0, 16).replace('T', ' ')} UTC`;
  if (!test.current) {
    return {
      ...base,
      done: false,
      status: `The last one (${when}) went out before the mail settings changed.`,
      todo: 'Send another below with the settings in force now.',
    };
  }
  if (test.delivery === 'sent')
    return { ...base, done: true, status: `Sent to ${test.to} on ${when}: the mail server took it. Check it arrived, with the logo and the button.` };
  return {
    ...base,
    done: false,
    status:
      test.delivery === 'failed'
        ? `The mail server refused the one sent on ${when}: ${test.error ?? 'no reason given'}.`
        : `The one sent on ${when} went only to the server log: there is no mail server (SMTP_URL).`,
    todo: 'Fix the sender, then send another below.',
  };
}

function samplesItem(facts: ReadinessFacts): ReadinessItem {
  const n = facts.samples.length;
  if (n === 0) return { id: 'samples', title: 'No sample values', done: true, status: 'Every setting in slides/deck.yaml is your own.' };
  return {
    id: 'samples',
    title: 'No sample values',
    done: false,
    status: `${n} ${n === 1 ? 'setting' : 'settings'} in slides/deck.yaml still ${n === 1 ? 'holds a sample' : 'hold samples'}: ${facts.samples.join(', ')}.`,
    todo: 'Replace each in slides/deck.yaml, delete its line under samples:, and rebuild (npm start does).',
    partnerSees: 'Pages, the PDF and mail leave out the sample partner, host and phone, as they would an empty value.',
  };
}

function sourcesItem(facts: ReadinessFacts): ReadinessItem {
  const base = { id: 'sources' as const, title: 'Figures with a source' };
  if (facts.unsourced === null)
    return { ...base, done: false, status: 'This build has no figures ledger.', todo: 'Build the deck (npm run build; npm start does).' };
  const n = facts.unsourced.length;
  if (n === 0) return { ...base, done: true, status: 'Every figure has a source and an as-of date.' };
  return {
    ...base,
    done: false,
    status: `${n} ${n === 1 ? 'figure has' : 'figures have'} no source or as-of date yet.`,
    todo: `Give each a source and an as-of date in slides/figures.yaml, and rebuild; ${LIST_SAMPLES_COMMAND} lists them too.`,
    partnerSees: `${n} ${n === 1 ? 'figure shows' : 'figures show'} no source.`,
    list: [...facts.unsourced],
  };
}

function pdfItem(facts: ReadinessFacts): ReadinessItem {
  return facts.pdfExported
    ? { id: 'pdf', title: 'The PDF', done: true, status: 'The deck is exported: each download is stamped with the viewer’s address.' }
    : {
        id: 'pdf',
        title: 'The PDF',
        done: false,
        status: 'The deck has not been exported to PDF.',
        todo: 'Run npm run export on the server (npm start exports on each start).',
        partnerSees: 'There is no PDF to download.',
      };
}

/** The checklist for `facts.admin`: the password item only while they still sign in with a generated one. */
export function readinessOf(facts: ReadinessFacts): Readiness {
  const items: ReadinessItem[] = [
    nameItem(facts),
    ...(facts.admin?.passwordGenerated
      ? [
          {
            id: 'password' as const,
            title: 'Your own password',
            done: false,
            status: 'You still sign in with the password generated at the first start, which the start-up message printed.',
            todo: 'Choose your own: Change password, in the account menu at the top right of the deck.',
          },
        ]
      : []),
    senderItem(facts),
    publicAddressItem(facts),
    testMailItem(facts),
    samplesItem(facts),
    sourcesItem(facts),
    pdfItem(facts),
  ];
  return { ready: items.every((item) => item.done), items };
}

// The start-up message's words for what is left, by item.
const LEFT: Record<ReadinessItem['id'], (item: ReadinessItem) => string> = {
  name: () => 'the admin’s name (ADMIN_NAME, or at the first sign-in)',
  password: () => 'the admin’s own password',
  sender: () => 'the sender (SMTP_URL, MAIL_FROM)',
  public_address: () => 'the public address (PUBLIC_URL, https)',
  test_mail: () => 'a test mail',
  samples: (item) => `sample values (${item.status.split(' ')[0]})`,
  sources: (item) => (item.list ? `figure sources (${item.list.length} missing)` : 'figure sources'),
  pdf: () => 'the PDF (npm run export)',
};

/** One line for the start-up message: ready, or how much is done and what is left. */
export function readinessSummary(readiness: Readiness): string {
  if (readiness.ready) return 'ready to share: every item of the console’s “Ready to share” list is done';
  const left = readiness.items.filter((item) => !item.done);
  return `not ready to share (${readiness.items.length - left.length} of ${readiness.items.length} done); still to do: ${left.map((item) => LEFT[item.id](item)).join(', ')}; the console’s “Ready to share” list says how`;
}
