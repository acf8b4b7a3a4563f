import type { AgreementText } from '../../../schemas/agreement.ts';
import { AGREEMENT_FORM_PATH } from '../../../schemas/agreementPaths.ts';
import { contentSecurityPolicy } from './contentSecurityPolicy.ts';
import { escapeHtml, mainStylesheet } from './errorPage.ts';

// The confidentiality agreement as a page the server writes itself: the deck's system screen with the
// agreement's text and two buttons that post the decision to AGREEMENT_FORM_PATH. No script at all
// and no byte of the deck, so nothing of it is in a partner's first visit of the deck, and it works
// with scripts off.

/** What the page says around the text. */
export interface AgreementPageWords {
  agreement: AgreementText;
  /** Who is signed in (their address), so they know whose acceptance it records. */
  email: string;
  /** The company that shows the deck (deck.yaml `company.name`). */
  company: string;
  /** Where the partner was going: the page or the PDF, taken up again once they accept. */
  from: string;
  /** A line above the text, when the page is shown again for a reason (the text changed meanwhile). */
  notice?: string;
}

// The page's own rules: the text in a box that scrolls on its own on a laptop, the buttons side by side.
const STYLE = `
.agreement { gap: var(--space-4); }
.agreement__text { max-height: 50vh; overflow: auto; padding: var(--space-4) var(--space-5); border: 1px solid var(--line); border-radius: 0.5rem; background: var(--canvas); line-height: 1.6; }
.agreement__text > * + * { margin-top: var(--space-3); }
.agreement__text h1, .agreement__text h2, .agreement__text h3 { font-size: var(--step-1); }
.agreement__text ul, .agreement__text ol { padding-left: var(--space-5); }
.agreement__text a { color: var(--accent); }
.agreement__actions { display: flex; flex-wrap: wrap; gap: var(--space-3); }
.agreement__note { color: var(--ink-muted); font-size: var(--step--1); }
.agreement__notice { padding: var(--space-3) var(--space-4); border-left: 4px solid var(--gold); background: var(--canvas); font-weight: 700; }
@media (max-height: 40rem), (max-width: 30rem) { .agreement__text { max-height: none; } }
`;

/** Where a partner may be sent back to: a path of this site (never another site), else the cover. */
export function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !/^\/(?!\/)[^\s\\]*$/.test(from) || from.length > 500) return '/';
  return from.startsWith(AGREEMENT_FORM_PATH) ? '/' : from;
}

function page(root: string, title: string, body: string): { html: string; policy: string } {
  const stylesheet = mainStylesheet(root);
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${escapeHtml(title)}</title>
    ${stylesheet ? `<link rel="stylesheet" href="${stylesheet}" />` : ''}
    <style>${STYLE}</style>
  </head>
  <body>
    <main id="main" class="system-main">
      <div class="system-card">
${body}
      </div>
    </main>
  </body>
</html>
`;
  return { html, policy: contentSecurityPolicy(html, { frameAncestors: ["'self'"], report: true }) };
}

/** The agreement, with Accept and Decline. */
export function agreementPage(root: string, words: AgreementPageWords): { html: string; policy: string } {
  const { agreement } = words;
  return page(
    root,
    agreement.title,
    `        <article class="system-screen agreement" aria-labelledby="slide-title">
          <p class="eyebrow">Before the first page</p>
          <h1 id="slide-title" class="slide__title">${escapeHtml(agreement.title)}</h1>
          ${words.notice ? `<p class="agreement__notice" role="status">${escapeHtml(words.notice)}</p>` : ''}
          <p class="slide__tagline">${escapeHtml(words.company)} asks you to read and accept this agreement before you see the deck. You are signed in as ${escapeHtml(words.email)}.</p>
          <div class="agreement__text" role="region" aria-label="The agreement's text" tabindex="0">${agreement.html}</div>
          <form class="agreement__actions" method="post" action="${AGREEMENT_FORM_PATH}">
            <input type="hidden" name="version" value="${escapeHtml(agreement.version)}" />
            <input type="hidden" name="from" value="${escapeHtml(words.from)}" />
            <button class="button button--primary" type="submit" name="decision" value="accept">I accept</button>
            <button class="button button--quiet" type="submit" name="decision" value="decline">Decline and sign out</button>
          </form>
          <p class="agreement__note">Accepting records the time, your network address and this version of the agreement (${escapeHtml(agreement.version)}). You are asked again if its text changes.</p>
        </article>`,
  );
}

/** What a partner sees after declining: signed out, and what to do if it was a mistake. */
export function declinedPage(root: string, words: { company: string; title: string }): { html: string; policy: string } {
  return page(
    root,
    'You declined the agreement',
    `        <article class="system-screen" aria-labelledby="slide-title">
          <h1 id="slide-title" class="slide__title">You declined the agreement</h1>
          <p class="slide__tagline">You did not accept ${escapeHtml(words.company)}’s ${escapeHtml(words.title)}, so the deck stays closed to you, and you have been signed out.</p>
          <p>If you declined by mistake, sign in again: the agreement is shown once more before the first page.</p>
          <div><a class="button button--primary" href="/login">Sign in again</a></div>
        </article>`,
  );
}
