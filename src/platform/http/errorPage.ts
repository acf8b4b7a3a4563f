import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import { ACCESS_ENDED_REASON } from '../../../schemas/accessPaths.ts';
import { AGREEMENT_REASON } from '../../../schemas/agreementPaths.ts';
import type { ErrorBody } from '../core/errors.ts';

// Every error a person can reach in a browser is a page in the deck's style, never the
// platform's JSON (a revoked person opening the PDF's address saw `{"detail": …}`). Calls of the
// deck's own code (fetch, the SDK) still get the platform's JSON: only a navigation gets a page.

/** Whether the request is a browser navigating to an address (a link, the address bar), not a script's call. */
export function wantsPage(c: Context): boolean {
  const destination = c.req.header('sec-fetch-dest');
  if (destination) return destination === 'document' || destination === 'iframe';
  // Browsers without Fetch Metadata: an HTML-first Accept header is a navigation.
  return /^\s*text\/html/.test(c.req.header('accept') ?? '');
}

/** What the page says: a heading, a sentence, and the way on. */
interface PageWords {
  title: string;
  text: string;
  action: { label: string; href: string };
}

const HOME = { label: 'Go to the deck', href: '/' };
const SIGN_IN = { label: 'Sign in', href: '/login' };

/**
 * The words for an error a person reached. Instructions meant for the deck's operators (`npm run
 * export`) stay in the server's log: a partner is told what it means for them.
 */
export function pageWords(status: number, body: ErrorBody): PageWords {
  const reason = body.extra_data?.reason;
  if (reason === ACCESS_ENDED_REASON) {
    return { title: 'Your access to this deck has ended', text: "Ask the deck's owners to invite you again if you think this is a mistake.", action: SIGN_IN };
  }
  if (reason === AGREEMENT_REASON) {
    return { title: 'Please accept the agreement first', text: "Open the deck to read the deck's confidentiality agreement.", action: HOME };
  }
  if (reason === 'auth_required' || status === 401) return { title: 'Please sign in', text: 'Sign in to view the deck.', action: SIGN_IN };
  if (reason === 'user_not_registered') {
    return {
      title: 'Access restricted',
      text: 'You are not registered to use this application. Please contact the app administrator to request access.',
      action: HOME,
    };
  }
  if (body.code === 'pdf_not_exported' || body.code === 'pdf_unreadable') {
    return {
      title: 'The PDF is not available',
      text: "The deck's PDF is not ready to download right now. The deck itself is: read it online, or try the download again later.",
      action: HOME,
    };
  }
  if (status === 404) return { title: 'Page Not Found', text: 'This address is not a page of the deck.', action: HOME };
  if (status === 429) return { title: 'Too many requests', text: 'Wait a minute, then try again.', action: HOME };
  if (status >= 500) return { title: 'Something went wrong', text: 'The deck could not answer this request. Try again in a moment.', action: HOME };
  return { title: 'This request could not be answered', text: body.detail, action: HOME };
}

/** Text as HTML: the characters markup would read, escaped. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let stylesheetCache: { root: string; href: string | null } | null = null;

/** The deck's main stylesheet in the build (`assets/main-*.css`, public), so the page looks like the deck. */
export function mainStylesheet(root: string): string | null {
  if (stylesheetCache?.root !== root) {
    let href: string | null = null;
    try {
      const name = readdirSync(join(root, 'assets')).find((file) => /^main-[\w-]+\.css$/.test(file));
      href = name ? `/assets/${name}` : null;
    } catch {
      // No build: the page is plain, and still says what happened.
    }
    stylesheetCache = { root, href };
  }
  return stylesheetCache.href;
}

/**
 * The error as a page: the deck's system screen (a card on the canvas, the deck's stylesheet
 * linked, no script at all, so it passes any Content-Security-Policy) with the same status.
 */
export function errorPage(c: Context, root: string, status: number, body: ErrorBody): Response {
  const words = pageWords(status, body);
  const stylesheet = mainStylesheet(root);
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${escapeHtml(words.title)}</title>
    ${stylesheet ? `<link rel="stylesheet" href="${stylesheet}" />` : ''}
  </head>
  <body>
    <main id="main" class="system-main">
      <div class="system-card">
        <article class="system-screen" aria-labelledby="slide-title">
          <h1 id="slide-title" class="slide__title">${escapeHtml(words.title)}</h1>
          <p class="slide__tagline">${escapeHtml(words.text)}</p>
          <div><a class="button button--primary" href="${words.action.href}">${escapeHtml(words.action.label)}</a></div>
        </article>
      </div>
    </main>
  </body>
</html>
`;
  return c.html(html, status as 400, { 'Cache-Control': 'no-store' });
}
