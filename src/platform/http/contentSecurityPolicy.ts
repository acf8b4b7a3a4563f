import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** Where browsers send violation reports (routes/cspReports.ts); same origin, outside any app. */
export const CSP_REPORT_PATH = '/api/csp-report';
/** `frame-ancestors` of the deck when no setting names the platform's parent origins. */
export const DEFAULT_FRAME_ANCESTORS: readonly string[] = ["'self'"];
/**
 * `frame-ancestors` of the pages no other site may frame, whatever the setting: the sign-in page (a
 * frame could overlay its form to harvest clicks or passwords) and the admin console (its buttons
 * invite, revoke and approve).
 */
export const SAME_ORIGIN_FRAMING: readonly string[] = ["'self'"];

/** The texts a page runs or styles inline, which its policy must allow one by one. */
export interface InlineSources {
  /** Contents of `<script>` elements without `src` (JavaScript ones; data blocks run nothing). */
  scripts: string[];
  /** Contents of `<style>` elements. */
  styles: string[];
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * What a page runs and styles inline, read the way the HTML parser reads it: line breaks normalised,
 * the insides of script, style, title and textarea taken as text (never as tags), comments skipped.
 * The pages are the build's own (prerender.ts), so this reads start tags, not arbitrary HTML.
 */
export function inlineSources(html: string): InlineSources {
  const text = html.replace(/\r\n?/g, '\n');
  const found: InlineSources = { scripts: [], styles: [] };
  const tags = /<!--[\s\S]*?-->|<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let match: RegExpExecArray | null;
  while ((match = tags.exec(text))) {
    const [, rawName, attributes = ''] = match;
    const name = rawName?.toLowerCase();
    if (!name || !RAW_TEXT.has(name)) continue;
    const close = new RegExp(`</${name}`, 'gi');
    close.lastIndex = tags.lastIndex;
    const end = close.exec(text)?.index ?? text.length;
    const inside = text.slice(tags.lastIndex, end);
    tags.lastIndex = end;
    if (name === 'style') found.styles.push(inside);
    if (name !== 'script') continue;
    const named = attributesOf(attributes);
    if (!named.has('src') && JS_TYPES.has((named.get('type') ?? '').trim().toLowerCase())) found.scripts.push(inside);
  }
  return found;
}

/** The attributes of one start tag (`<script type="module" src='x.js'>` → type, src), quotes respected. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** A CSP hash source for `text` (`'sha256-…'`), as browsers compute it over the UTF-8 bytes. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const hashes = (texts: readonly string[]): string[] => [...new Set(texts.map(sha256Source))];

/** What a policy needs beyond the page itself. Omitted parts are those a `<meta>` policy cannot carry. */
export interface PolicyContext {
  /** Who may frame the page: `'self'`, `'none'` or origins (only in a header; browsers ignore it in `<meta>`). */
  frameAncestors?: readonly string[];
  /** Send violation reports to CSP_REPORT_PATH (only in a header). */
  report?: boolean;
}

/**
 * The policy for one HTML page, from the page's own bytes: each inline script and stylesheet is
 * allowed by its hash, no other inline script or stylesheet.
 * - Scripts: the page's inline bootstrap by hash, and what it loads through `'strict-dynamic'` (the
 *   bootstrap adds the entry `<script>` and the module preloads; every chunk after that is imported by
 *   a trusted script). No host list, no `'unsafe-inline'`, no `'unsafe-eval'`.
 * - Styles: the built stylesheets (`'self'`), the page's inline `<style>` by hash, and the empty
 *   stylesheet: framer-motion's `AnimatePresence mode="popLayout"` (src/deck/SlideMotion.tsx) appends
 *   an empty `<style>` and fills it through CSSOM (`insertRule`, which CSP does not check) to pin the
 *   leaving page in place; without that hash its sheet is never created.
 * - Style attributes (`style-src-attr 'unsafe-inline'`, and nowhere else): the prerendered pages carry
 *   the `style` props React renders into markup (each brand's colour, `style="--brand:#0f766e"`),
 *   which the HTML parser applies under this directive. (After hydration React, like framer-motion,
 *   sets styles through CSSOM, which CSP does not check.) Allowing each value by hash instead
 *   (`'unsafe-hashes'`) worked, but the ecosystem page has 20 of them: 1.1 KB more header pushed its
 *   first visit past the 85 KB budget (86.0 KB where the browser offers gzip only). A style attribute
 *   runs no script, and what CSS could load (images, fonts) stays limited to the deck's own origin.
 * - Everything else from the deck's own origin (`default-src`, `connect-src`: the API and the socket,
 *   whose same-origin ws: address `'self'` covers), no plugins, no `<base>`, forms post here only.
 */
export function contentSecurityPolicy(html: string, context: PolicyContext = {}): string {
  const inline = inlineSources(html);
  const scripts = hashes(inline.scripts);
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.length > 0 ? [...scripts, "'strict-dynamic'"].join(' ') : "'none'"}`,
    `style-src ${["'self'", ...hashes([...inline.styles, ''])].join(' ')}`,
    "style-src-attr 'unsafe-inline'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
  if (context.frameAncestors) directives.push(`frame-ancestors ${context.frameAncestors.join(' ')}`);
  // report-uri, not report-to: chromium takes a Reporting-Endpoints header only from an https answer
  // and, once a policy names report-to, ignores report-uri, so on the plain-http local platform no
  // report would ever arrive (and where it does, the Reporting API holds it back up to a minute).
  // Every browser still sends report-uri reports, at once.
  if (context.report) directives.push(`report-uri ${CSP_REPORT_PATH}`);
  return directives.join('; ');
}

const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;

/**
 * The page with its policy in a `<meta>` right after the charset (which must stay in the first 1024
 * bytes), for static hosts that send no header (the standalone build). A `<meta>` policy cannot say
 * who may frame the page nor where to report, so it carries neither.
 */
export function withPolicyMeta(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(withoutPolicyMeta(html))}">`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!charset) throw new Error('the page has no <meta charset>, after which its policy belongs');
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}${meta}${withoutPolicyMeta(html.slice(at))}`;
}

/** The page without the build's `<meta>` policy: a server that sends the policy as a header sends it once. */
export function withoutPolicyMeta(html: string): string {
  return html.replace(POLICY_META, '');
}

// Per page bytes (the server reads each file once and keeps the same array), then per framing.
const served = new WeakMap<Uint8Array, Map<string, string>>();

/**
 * The header policy of a page the server sends, computed once per file and framing and then reused,
 * so every answer for a file carries the same bytes and the same header (cacheable, compressed once).
 */
export function servedPagePolicy(page: Uint8Array, frameAncestors: readonly string[]): string {
  let byFraming = served.get(page);
  if (!byFraming) served.set(page, (byFraming = new Map()));
  const key = frameAncestors.join(' ');
  let policy = byFraming.get(key);
  if (policy === undefined) {
    const html = withoutPolicyMeta(Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString('utf8'));
    policy = contentSecurityPolicy(html, { frameAncestors, report: true });
    byFraming.set(key, policy);
  }
  return policy;
}

/**
 * Every HTML answer carries a policy: a page that did not compute its own (the error pages, whatever
 * answers HTML next) gets the strictest one, which allows no script and no inline stylesheet, and is
 * framed only where the deck's pages may be. Deny by default: an HTML answer added later without a
 * policy of its own runs nothing inline rather than everything.
 */
export function policyOnEveryPage(frameAncestors: readonly string[]): MiddlewareHandler {
  const strictest = contentSecurityPolicy('', { frameAncestors, report: true });
  return async (c, next) => {
    await next();
    if (/^\s*text\/html/i.test(c.res.headers.get('content-type') ?? '') && !c.res.headers.has('content-security-policy')) {
      c.header('Content-Security-Policy', strictest);
    }
  };
}
