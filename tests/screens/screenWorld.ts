import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { DECK_PDF_FILE, ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { WEBHOOK_CALL, type WebhookState } from '../../schemas/newsPaths.ts';
import { QUESTION_ENTITY } from '../../schemas/questionPaths.ts';
import { parseAgreement } from '../../src/content/agreement.ts';
import { partnerIsSample } from '../../schemas/deckWidePartner.ts';
import { FIGURES_FILE, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { TOKEN_STORAGE_KEYS } from '../../schemas/platformWire.ts';
import { NOTES_DIR } from '../../schemas/presentingPaths.ts';
import { readDeckSettings } from '../../src/platform/config.ts';
import { SESSION_COOKIE } from '../../src/platform/identity/session.ts';
import { ADMIN, latestMail, registeredUser, startTestPlatform, type TestPlatform } from '../platform/harness.ts';
import { eventually } from '../support/waitFor.ts';
import { gatherMails, type MailKind } from './mailWorld.ts';

// The people and the platform the screen checks look through: one platform on the built deck with
// every switch on (recording, watermark, the PDF), two partners with their own Prepared-for, a viewer
// on the deck-wide partner, a stranger, a revoked person and a pending invitation; and a second
// version of the deck, so the partner who read the first comes back to the "what changed" notice.

/** A person the screens are seen as. */
export interface Person {
  email: string;
  password: string;
  id: string;
  /** A session to use instead of signing in (one that has ended: the revoked person's). */
  token?: string;
}

/** The platform and its people. */
export interface ScreenWorld {
  p: TestPlatform;
  admin: Person;
  /** Ann Alpha of Alpha Capital: read the deck's first version, so she is told what changed. */
  alpha: Person;
  /** Ben Beta of Beta Bank. */
  beta: Person;
  /** A viewer without a Prepared-for: the deck-wide partner's pages. */
  viewer: Person;
  /** Signed up, never invited: Access Restricted. */
  stranger: Person;
  /** Invited, joined, then revoked: "Your access to this deck has ended". */
  revoked: Person;
  /** Invited and joined, not yet past the confidentiality agreement (the others accepted it). */
  newcomer: Person;
  /** A live invitation link, not yet used. */
  inviteLink: string;
  /** The figure that changed between the two versions, as the first one read it. */
  changed: { id: string; was: string };
  /** Every kind of mail as its recipient gets it (mailWorld.ts), gathered on first use. */
  mails(): Promise<Record<MailKind, string>>;
  close(): Promise<void>;
}

const CHANGED_FIGURE = 'market.homeEquity';
const FIRST_VERSION_TEXT = '$13.90T';

/** A one-page PDF standing in for the exported deck (the screens show the control, not the file). */
async function fixturePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([960, 540]).drawText('The investor deck', { x: 48, y: 480, size: 24 });
  return pdf.save();
}

/** Starts the world; `dist/` must be built. */
export async function startScreenWorld(): Promise<ScreenWorld> {
  const work = mkdtempSync(join(tmpdir(), 'deck-screens-'));
  const dataDir = join(work, 'data');
  const settings = readDeckSettings(join('slides', 'deck.yaml'));
  const options = {
    appId: settings.platform.appId,
    dataDir,
    partner: { ...settings.partner, sample: partnerIsSample(settings.samples) },
    deck: { company: settings.company.name, title: 'investor deck' },
  };

  // The first version: the same build with one figure's value different in its ledger.
  const first = join(work, 'first');
  mkdirSync(join(first, NOTES_DIR), { recursive: true });
  symlinkSync(resolve('dist'), join(first, 'dist'));
  const ledger = JSON.parse(readFileSync(join(NOTES_DIR, FIGURES_FILE), 'utf8')) as LedgerSnapshot;
  const figure = ledger.figures[CHANGED_FIGURE]!;
  ledger.figures[CHANGED_FIGURE] = { ...figure, text: FIRST_VERSION_TEXT, value: { kind: 'usd', low: 13.9e12, high: 13.9e12 } };
  writeFileSync(join(first, NOTES_DIR, FIGURES_FILE), JSON.stringify(ledger));
  cpSync(join(NOTES_DIR, 'notes.json'), join(first, NOTES_DIR, 'notes.json'));

  let p = await startTestPlatform('private_with_login', { ...options, staticDir: join(first, 'dist') });
  const adminToken = await p.login(ADMIN.email, ADMIN.password);
  const call = (method: string, path: string, body?: unknown, token = adminToken) => p.call(method, path, { token, body });
  await call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { recording: true, watermark: true, downloads: true });

  const invite = async (email: string, preparedFor?: { name: string; company: string }) => {
    const reply = await call('POST', '/users/invite-user', { user_email: email, role: 'user', ...(preparedFor && { prepared_for: preparedFor }) });
    if (reply.status !== 200) throw new Error(`invite ${email}: ${JSON.stringify(reply.body)}`);
  };
  const join_ = async (email: string, password: string): Promise<Person> => {
    const token = await registeredUser(p, email, password, false);
    return { email, password, id: (await call('GET', '/entities/User/me', undefined, token)).body.id as string };
  };
  await invite('ann@alpha.example', { name: 'Ann Alpha', company: 'Alpha Capital' });
  await invite('ben@beta.example', { name: 'Ben Beta', company: 'Beta Bank' });
  await invite('val@viewer.example');
  await invite('rex@revoked.example');
  const alpha = await join_('ann@alpha.example', 'alpha-password-1');
  const beta = await join_('ben@beta.example', 'beta-password-12');
  const viewer = await join_('val@viewer.example', 'viewer-password-1');
  const revoked = await join_('rex@revoked.example', 'revoked-password-1');
  const stranger = await join_('sam@stranger.example', 'stranger-password-1');
  await invite('nia@newcomer.example', { name: 'Nia Newcomer', company: 'Newcomer Holdings' });
  const newcomer = await join_('nia@newcomer.example', 'newcomer-password-1');
  // Ann read the market page of the first version.
  const annToken = await p.login(alpha.email, alpha.password);
  const visit = '00000000-0000-4000-8000-000000000001';
  const read = await call(
    'POST',
    `/entities/${ENGAGEMENT_ENTITY.view}`,
    { visit_id: visit, path: '/market', ms: 30_000, visit_started_at: new Date().toISOString(), device: 'desktop' },
    annToken,
  );
  if (read.status !== 200) throw new Error(`Ann's view record: ${JSON.stringify(read.body)}`);
  // Rex had the deck open in a browser when his access was revoked.
  revoked.token = await p.login(revoked.email, revoked.password);
  await call('DELETE', `/entities/User/${revoked.id}`);
  await invite('pia@pending.example', { name: 'Pia Pending', company: 'Pending Partners' });
  const mail = await latestMail(p, 'pia@pending.example', 'invite');
  const inviteLink = new URL(/https?:\/\/\S+invite_token=\S+/.exec(mail)![0]);
  await p.close();

  // The deck as built: the second version, which the partners see now, with the editing guide's example
  // agreement; everyone but the newcomer accepted it already, so their screens are the deck's.
  const agreement = parseAgreement('slides/agreement.example.md', readFileSync(join('slides', 'agreement.example.md'), 'utf8')).agreement!;
  // Its own copy of the build with an exported PDF, so "Download PDF" is on every screen whether or not
  // another test has exported dist/deck.pdf by then.
  // The platform reads the speaker notes and the ledger beside the served folder (NOTES_DIR).
  const current = join(work, 'current');
  cpSync('dist', join(current, 'dist'), { recursive: true });
  symlinkSync(resolve(NOTES_DIR), join(current, NOTES_DIR));
  writeFileSync(join(current, 'dist', DECK_PDF_FILE), await fixturePdf());
  p = await startTestPlatform('private_with_login', { ...options, staticDir: join(current, 'dist'), agreement });
  for (const person of [alpha, beta, viewer]) {
    await p.db.query(`INSERT INTO agreement_acceptances (app_id, user_id, version, title, email, address) VALUES ($1, $2, $3, $4, $5, '127.0.0.1')`, [
      p.appId,
      person.id,
      agreement.version,
      agreement.title,
      person.email,
    ]);
  }
  // The owners route the news to a webhook, which took both questions below. The partners' first opens and
  // visits are told already, so the browsers of the other screens add no deliveries to the picture.
  const receiver = createServer((_request, response) => response.writeHead(204).end());
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', () => done()));
  await p.db.query(
    `INSERT INTO news_partners (app_id, user_id, first_opened_at, told_opened_at)
     SELECT app_id, id, 0, 9007199254740991 FROM users WHERE role <> 'admin' ON CONFLICT DO NOTHING`,
  );
  const hooked = await p.call('PUT', WEBHOOK_CALL, {
    token: await p.login(ADMIN.email, ADMIN.password),
    body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/deck-news` },
  });
  if (hooked.status !== 200) throw new Error(`webhook: ${JSON.stringify(hooked.body)}`);
  // Ann asked about the market page, and the owners answered; Ben's question waits.
  const ask = async (person: Person, question: string) => {
    const token = await p.login(person.email, person.password);
    const reply = await p.call('POST', `/entities/${QUESTION_ENTITY}`, { token, body: { path: '/market', question, figure_id: CHANGED_FIGURE } });
    if (reply.status !== 200) throw new Error(`question of ${person.email}: ${JSON.stringify(reply.body)}`);
    return reply.body.id as string;
  };
  const asked = await ask(alpha, 'How is the home equity split between the states you lend in?');
  await ask(beta, 'Which of these figures come from the latest HMDA release?');
  const owner = await p.login(ADMIN.email, ADMIN.password);
  await p.call('PUT', `/entities/${QUESTION_ENTITY}/${asked}`, {
    token: owner,
    body: { answer: 'About a third is in California and Florida; the detail is on the next call.' },
  });
  await eventually(
    async () => {
      const hook = (await p.call('GET', WEBHOOK_CALL, { token: owner })).body as WebhookState;
      if (hook.deliveries.filter((delivery) => delivery.status === 'delivered').length !== 2) throw new Error('both questions not delivered yet');
    },
    { what: 'both questions delivered to the webhook', timeoutMs: 20_000 },
  );
  receiver.close();
  let mails: Promise<Record<MailKind, string>> | undefined;
  return {
    p,
    admin: { ...ADMIN, id: '' },
    alpha,
    beta,
    viewer,
    stranger,
    revoked,
    newcomer,
    inviteLink: `${p.url}/login${inviteLink.search}`,
    changed: { id: CHANGED_FIGURE, was: FIRST_VERSION_TEXT },
    mails: () => {
      mails ??= gatherMails();
      return mails;
    },
    close: async () => {
      await mails?.catch(() => undefined);
      await p.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The fixed moment every screen's browser lives at, so dates and the watermark's day never change a picture. */
export const SCREEN_TIME = new Date('2026-12-04T10:00:00Z');

/**
 * A browser context for `person` (signed out when absent) at `viewport`: UTC, the screen's fixed time,
 * reduced motion off (the checks wait for animations instead), and the person's token put in
 * storage the way the sign-in page leaves it.
 */
export async function contextAs(
  browser: Browser,
  world: ScreenWorld,
  person: Person | null,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US', deviceScaleFactor: 1 });
  await context.clock.setFixedTime(SCREEN_TIME);
  if (person?.token) {
    // An ended session: the browser that had the deck open still holds its cookie; the page dropped the token.
    await context.addCookies([{ name: SESSION_COOKIE, value: person.token, url: world.p.url }]);
  } else if (person) {
    const reply = await context.request.post(`${world.p.url}/api/apps/${world.p.appId}/auth/login`, {
      data: { email: person.email, password: person.password },
    });
    if (reply.status() !== 200) throw new Error(`sign-in of ${person.email}: ${reply.status()}`);
    const token = ((await reply.json()) as { access_token: string }).access_token;
    await context.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [TOKEN_STORAGE_KEYS[0], token] as const,
    );
  }
  return context;
}
