import type { Locator, Page } from 'playwright-core';
import { loadContent } from '../../src/content/loadContent.ts';
import type { CheckRules } from './screenChecks.ts';
import type { ScreenWorld } from './screenWorld.ts';
import { waitForStillness } from './stillness.ts';
import { invitationMailHtml } from './mailScreens.ts';
import { MAIL_KINDS, type MailKind } from './mailWorld.ts';

/**
 * Scrolls `target` into view once the page has stopped loading: content that arrives above it after
 * the scroll moves it by a fraction of a pixel (the browser's scroll anchoring), a different picture.
 */
const scrollWhenStill = async (page: Page, target: Locator, block: ScrollLogicalPosition = 'start') => {
  await waitForStillness(page);
  await target.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
};

// Every screen a person can reach, once: each deck page, present mode, the presenter view, the
// deck's dialogs and notices, view as, the console and its dialogs, the sign-in and invitation
// pages, the error and ended-access pages, and each mail as HTML; with who sees it and at which
// sizes. A new screen is one entry here; a new kind of mail is listed by the world's outbox.

/** The window sizes people use. */
export const SIZES = {
  desktop: { width: 1920, height: 1080 },
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  projector: { width: 1280, height: 720 },
  'laptop-16-10': { width: 1440, height: 900 },
  monitor: { width: 2560, height: 1440 },
  mail: { width: 600, height: 800 },
  'mail-phone': { width: 390, height: 844 },
} as const;
export type SizeName = keyof typeof SIZES;

/** Who looks: signed out, an admin, two partners, a viewer on the deck-wide partner, a stranger, a revoked person, a partner yet to accept the agreement. */
export type Who = 'visitor' | 'admin' | 'alpha' | 'beta' | 'viewer' | 'stranger' | 'revoked' | 'newcomer';

/** One screen: how to reach it, who sees it, at which sizes, and how it is judged. */
export interface Screen {
  /** Unique; names the screen in failures, baselines and the contact sheet. */
  name: string;
  who: Who;
  sizes: readonly SizeName[];
  /** Brings `page` (this person's, at this size) to the screen. */
  open(page: Page, world: ScreenWorld): Promise<void>;
  /** Rules beyond the defaults (the reading view's 12 px floor). */
  rules?: Partial<CheckRules>;
  /** Parts whose pixels vary on their own (clocks, server times), left out of the picture comparison. */
  mask?: readonly string[];
  /** The picture holds the whole page, not the window (a mail is read by scrolling to its footer). */
  fullPage?: boolean;
  /** Seen on a first visit, in a browser of its own (the once-per-browser notices). */
  firstVisit?: boolean;
  /**
   * The sizes axe scans at (default: every size). A page whose layout at 1920 is the 1280 one wider is
   * scanned at 1280 and 390 only, as the route tests do: a scan is most of a screen's cost.
   */
  axeSizes?: readonly SizeName[];
  /** axe rules that do not apply to this screen, each with the reason beside it. */
  axeExcept?: readonly string[];
}

const READING: readonly SizeName[] = ['desktop', 'laptop', 'phone'];
/** Present mode's canvas is 1920 design px wide with no text under 20 of them: at 1280 px wide, 13.3 px. */
const presentFloor = (width: number) => (20 * width) / 1920;

/** A mail's HTML part, at a mail client's width and a phone's, read to its footer. */
const mailScreen = (name: string, html: (world: ScreenWorld) => Promise<string>, mask?: readonly string[]): Screen => ({
  name,
  who: 'visitor',
  sizes: ['mail', 'mail-phone'],
  open: async (page, world) => {
    await page.setContent(await html(world));
  },
  fullPage: true,
  ...(mask && { mask }),
  // A mail is shown inside the mail client's own page, whose landmarks hold it.
  axeExcept: ['landmark-one-main', 'region'],
});

/** What differs in every mail of a kind: its code (links' tokens are held still by mailWorld.ts). */
const MAIL_MASKS: Partial<Record<MailKind, readonly string[]>> = { otp: ['text=/^\\d{6}$/'] };

const { content } = loadContent(process.cwd());
const slides = content!.slides;

/** Opens `path` and waits for its heading: a deck page as any reader gets it. */
export async function deckPage(page: Page, world: ScreenWorld, path: string): Promise<void> {
  await page.goto(`${world.p.url}${path}`);
  await page.locator('#slide-title').first().waitFor();
}

/** A signed-in deck page with its account menu in: hydrated, its effects run. */
async function hydratedDeckPage(page: Page, world: ScreenWorld, path: string): Promise<void> {
  await deckPage(page, world, path);
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

const key = async (page: Page, value: string, dialog: string) => {
  await page.locator('body').press(value);
  await page.getByRole('dialog', { name: dialog }).waitFor();
};

const slug = (path: string) => (path === '/' ? 'cover' : path.slice(1));

/** Each deck page, as a partner reads it (their watermark and Prepared-for). */
const deckPages: Screen[] = slides.map((slide) => ({
  name: `page ${slug(slide.path)}`,
  who: 'beta',
  sizes: READING,
  axeSizes: ['laptop', 'phone'],
  open: (page, world) => hydratedDeckPage(page, world, slide.path),
}));

/**
 * Each deck page in present mode on the admin's projector (1280×720); the same canvas at 1920×1080 is
 * the same picture larger (presentMode.test.ts compares the two), so only the cover is seen there too.
 */
const presentPages: Screen[] = slides.map((slide) => ({
  name: `present ${slug(slide.path)}`,
  who: 'admin',
  sizes: slide.path === '/' ? ['projector', 'desktop'] : ['projector'],
  axeSizes: ['projector'],
  open: async (page, world) => {
    await hydratedDeckPage(page, world, `${slide.path}?mode=present`);
    await page.waitForFunction(() => document.documentElement.classList.contains('present-idle'));
  },
  rules: { fitsWindow: true },
}));

const CLOCKS = ['[data-testid=presenter-elapsed]', '[data-testid=presenter-clock]'];

export const SCREENS: readonly Screen[] = [
  ...deckPages,
  {
    name: 'page cover (admin)',
    who: 'admin',
    sizes: READING,
    open: (page, world) => hydratedDeckPage(page, world, '/'),
  },
  {
    name: 'page cover (deck-wide partner)',
    who: 'viewer',
    sizes: READING,
    open: (page, world) => hydratedDeckPage(page, world, '/'),
  },
  ...presentPages,
  {
    name: 'present cover (partner)',
    who: 'beta',
    sizes: ['projector'],
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/?mode=present');
      await page.waitForFunction(() => document.documentElement.classList.contains('present-idle'));
    },
    rules: { fitsWindow: true },
  },
  {
    name: 'who is it for',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await page.locator('body').press('f');
      await page.getByRole('dialog', { name: 'Who is this presentation for?' }).getByText('Ann Alpha, Alpha Capital').waitFor();
    },
  },
  {
    name: 'present cover for a partner',
    who: 'admin',
    sizes: ['projector'],
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/');
      await page.locator('body').press('f');
      const dialog = page.getByRole('dialog', { name: 'Who is this presentation for?' });
      await dialog.getByText('Ann Alpha, Alpha Capital').click();
      await dialog.getByRole('button', { name: 'Present' }).click();
      await page.locator('.partner-footer', { hasText: 'Alpha Capital' }).waitFor();
      await page.waitForFunction(() => document.documentElement.classList.contains('present-idle'));
    },
    rules: { fitsWindow: true },
  },
  {
    name: 'presenter view',
    who: 'admin',
    sizes: ['laptop', 'laptop-16-10', 'desktop', 'monitor', 'phone'],
    open: async (page, world) => {
      await page.goto(`${world.p.url}/?presenter=1&slide=/market`);
      await page.getByRole('heading', { level: 1, name: 'Presenter view' }).waitFor();
      await page.locator('.presenter__note-text').waitFor();
    },
    rules: { fitsWindow: true, ignore: '.slide-preview' },
    mask: CLOCKS,
  },
  {
    name: 'overview',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await key(page, 'o', 'All pages');
    },
  },
  {
    name: 'go to',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await key(page, 'g', 'Go to page');
      await page.getByRole('dialog').getByRole('textbox').fill('rev');
    },
  },
  {
    name: 'key help',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await key(page, '?', 'Keyboard shortcuts');
    },
  },
  {
    name: 'account menu',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Change password' }).waitFor();
    },
  },
  {
    name: 'change password',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'consultation request',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/contact');
      await page.getByRole('button', { name: 'Schedule a Consultation' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'recording notice',
    who: 'viewer',
    sizes: READING,
    firstVisit: true,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await page.locator('.recording-notice').waitFor();
    },
  },
  {
    name: 'what changed notice',
    who: 'alpha',
    sizes: READING,
    open: async (page, world) => {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await hydratedDeckPage(page, world, '/');
      await page.locator('.whats-new').waitFor();
    },
    mask: ['.whats-new time'],
  },
  {
    name: 'what changed dialog',
    who: 'alpha',
    sizes: READING,
    open: async (page, world) => {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await hydratedDeckPage(page, world, '/');
      await page.locator('.whats-new button[aria-haspopup=dialog]').click();
      await page.getByRole('dialog', { name: 'What changed' }).waitFor();
    },
    mask: ['.whats-new-dialog time', '.whats-new time'],
  },
  {
    name: 'ask a question',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await key(page, 'q', 'Ask about Market');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('option', { name: /Home equity/ }).waitFor({ state: 'attached' });
      // Ben asked one question in the world: the dialog offers his list once his questions have loaded.
      await dialog.getByRole('button', { name: 'Your questions so far (1)' }).waitFor();
    },
    // The intro's line with the inline link to the list sits a pixel higher or lower from run to run.
    mask: ['.modal__intro'],
  },
  {
    name: 'questions beside the page',
    who: 'alpha',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      // A reader's first move loads their questions.
      await page.mouse.move(5, 200);
      const aside = page.locator('aside.page-questions');
      await aside.locator('.question__answer-text').waitFor();
      await scrollWhenStill(page, aside, 'center');
    },
  },
  {
    name: 'your questions',
    who: 'alpha',
    sizes: READING,
    open: async (page, world) => {
      await hydratedDeckPage(page, world, '/market');
      await page.mouse.move(5, 200);
      await page
        .locator('aside.page-questions')
        .getByRole('button', { name: /All your questions/ })
        .click();
      await page.getByRole('dialog', { name: 'Your questions' }).waitFor();
    },
  },
  {
    name: 'agreement',
    who: 'newcomer',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/market`);
      await page.getByRole('heading', { level: 1, name: 'Confidentiality agreement' }).waitFor();
    },
  },
  {
    name: 'console questions',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/admin#admin-questions`);
      const section = page.locator('section[aria-labelledby="admin-questions"]');
      await section.locator('article.admin-question').nth(1).waitFor();
      await scrollWhenStill(page, section);
    },
    mask: ['time', '.version-label__detail'],
  },
  {
    name: 'console engagement over time',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/admin#admin-engagement`);
      const over = page.locator('.engagement-over-time');
      await over.locator('svg').first().waitFor();
      await scrollWhenStill(page, over);
    },
    mask: ['time', '.version-label__detail'],
  },
  {
    name: 'console settings',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/admin#admin-settings`);
      const section = page.locator('section[aria-labelledby="admin-settings"]');
      await section.getByRole('switch', { name: 'Mail me when partners read' }).waitFor();
      // The admin's own switch at the bottom of the section, with the deck's switches above it where the window has room.
      await scrollWhenStill(page, section.getByRole('group', { name: 'Your mail' }), 'end');
    },
  },
  {
    name: 'console webhook',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/admin#admin-webhook`);
      const section = page.locator('section[aria-labelledby="admin-webhook"]');
      await section.getByRole('region', { name: /Latest deliveries/ }).waitFor();
      await scrollWhenStill(page, section);
    },
    // The receiver's address carries a port of its own on every run.
    mask: ['time', '.webhook-current code'],
  },
  {
    name: 'view as',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/?view_as=${world.alpha.id}`);
      await page.locator('#slide-title').first().waitFor();
      await page.getByRole('button', { name: 'Account' }).waitFor();
    },
  },
  {
    name: 'console',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/admin`);
      await page.getByRole('heading', { name: 'People' }).waitFor();
      await page.locator('.admin-table, [role=table]').first().waitFor();
    },
    // How many are viewing right now counts the pages the other screens left open.
    mask: ['a[href="#admin-live"]'],
  },
  {
    name: 'ready to share',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/admin#admin-ready`);
      await page.locator('[data-ready-item="pdf"]').waitFor();
      await scrollWhenStill(page, page.locator('#admin-ready'));
    },
    // The test platform's address carries a port of its own on every run.
    mask: ['[data-ready-item="public_address"] .ready-item__status'],
  },
  {
    name: 'invite before ready',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/admin#admin-invite`);
      await page.locator('[data-ready-item="pdf"]').waitFor();
      await page.getByLabel('Email', { exact: true }).fill('dana@lender-bank.example');
      await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
      await page.getByRole('dialog', { name: 'Invite before the deck is ready?' }).waitFor();
    },
    mask: ['.admin-dialog__list li:has-text("localhost")'],
  },
  mailScreen('invitation mail', async () => invitationMailHtml()),
  ...MAIL_KINDS.map((kind) => mailScreen(`${kind.replaceAll('_', ' ')} mail`, async (world) => (await world.mails())[kind], MAIL_MASKS[kind])),
  {
    name: 'not found',
    who: 'beta',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/no-such-page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    },
  },
  {
    name: 'not found (admin)',
    who: 'admin',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/no-such-page`);
      await page.getByText('Admin Note').waitFor();
    },
  },
  {
    name: 'sign in',
    who: 'visitor',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/market`);
      await page.waitForURL(/\/login/);
      await page.getByLabel('Email').waitFor();
    },
  },
  {
    name: 'invitation',
    who: 'visitor',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(world.inviteLink);
      await page.getByLabel('Choose a password').waitFor();
    },
  },
  {
    name: 'invitation not valid',
    who: 'visitor',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/login?invite_token=not-a-live-token`);
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'access restricted',
    who: 'stranger',
    sizes: READING,
    open: async (page, world) => {
      await page.goto(`${world.p.url}/market`);
      await page.getByRole('button', { name: /Request access/ }).waitFor();
    },
  },
  {
    name: 'access ended',
    who: 'revoked',
    sizes: READING,
    open: async (page, world) => {
      // The tab that was open when the access ended: it keeps saying so on its next load (accessEndedMark.ts).
      await page.addInitScript(() => sessionStorage.setItem('deck_access_ended', '1'));
      await page.goto(`${world.p.url}/market`);
      await page.getByRole('heading', { name: /access to this deck has ended/i }).waitFor();
    },
  },
];

/** The rules a screen is judged by: its own over the defaults (12 px text; present mode 20 design px). */
export function rulesOf(screen: Screen, size: SizeName): CheckRules {
  const present = screen.name.startsWith('present ');
  // (every present-mode screen is named "present …")
  return { minTextPx: present ? presentFloor(SIZES[size].width) : 12, ...screen.rules };
}
