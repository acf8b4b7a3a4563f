import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { type Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { ADMIN_PATH } from '../../../schemas/accessWire.ts';
import { APP_ID_META } from '../../../schemas/platformWire.ts';
import { CONTENT_ASSETS_DIR, isDeckPartnerChunk } from '../../content/contentChunks.ts';
import { isAdmin } from '../identity/access.ts';
import { admittedOrNull } from '../identity/admission.ts';
import { deckFilePath, targetPath } from './deckFilePath.ts';
import { deckPdfAnswer } from '../files/deckPdf.ts';
import { builtPages, pageRedirect } from './pageRedirect.ts';
import { HttpError, notFound } from '../core/errors.ts';
import { AGREEMENT_REASON } from '../../../schemas/agreementPaths.ts';
import { agreementPageFor } from './routes/agreementRoutes.ts';
import { fileAudience } from './publicDeckFiles.ts';
import type { PlatformContext } from './platformContext.ts';
import { auditRead } from '../records/auditLog.ts';
import { chooseEncoding, compressOnce, worthCompressing } from './compression.ts';
import { SAME_ORIGIN_FRAMING, servedPagePolicy, withoutPolicyMeta } from './contentSecurityPolicy.ts';
import { sessionToken } from '../identity/session.ts';
import { personalPage, zippedPage } from './partnerPage.ts';
import type { ViewerPartner } from '../../../schemas/viewerPartner.ts';
import { requestPartner, viewedPerson } from '../identity/requestPartner.ts';
import { VIEW_AS_PARAM } from '../../../schemas/viewAs.ts';

// Hono's table of types (hono/utils/mime) rather than one of our own; JSON gets its charset added.
function typeOf(file: string): string {
  const type = getMimeType(file) ?? 'application/octet-stream';
  return type === 'application/json' ? 'application/json; charset=utf-8' : type;
}

// The built deck does not change while the server runs (npm start builds first), so each file is
// looked up and read once. Disk reads go through libuv's small thread pool, which password hashing
// (scrypt) also uses: under a sign-in rush, uncached page reads waited seconds behind it.
const found = new Map<string, string | null>();
const contents = new Map<string, Uint8Array<ArrayBuffer>>();

async function fileIn(root: string, relative: string): Promise<string | null> {
  const file = resolve(root, `.${sep}${relative}`);
  // resolve() folds `..`; anything that lands outside the deck folder is simply not there.
  if (file !== root && !file.startsWith(root + sep)) return null;
  if (!found.has(file)) found.set(file, (await stat(file).catch(() => null))?.isFile() ? file : null);
  return found.get(file) ?? null;
}

async function readCached(file: string): Promise<Uint8Array<ArrayBuffer>> {
  let body = contents.get(file);
  if (!body) {
    body = new Uint8Array(await readFile(file));
    contents.set(file, body);
  }
  return body;
}

// The pages learn the app id from the server that serves them (the deck settings keep the platform
// block server-side); the sign-in page reads this tag (src/login/loginClient.ts). The build's <meta>
// policy (for static hosts) goes: this server sends the page's policy as a header instead.
function withAppId(html: Uint8Array, appId: string): string {
  const tag = `<meta name="${APP_ID_META}" content="${appId.replace(/[^A-Za-z0-9_-]/g, '')}" />`;
  const text = withoutPolicyMeta(Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8'));
  return text.includes('</head>') ? text.replace('</head>', `${tag}</head>`) : text;
}

/**
 * Sends a file. An HTML page (given the app id and who may frame it) gets the app-id tag and its
 * Content-Security-Policy (contentSecurityPolicy.ts), computed once from its bytes.
 */
async function send(
  c: Context,
  file: string,
  status: 200 | 404,
  cache: string,
  page?: { appId: string; frameAncestors: readonly string[] },
  partner?: ViewerPartner | null,
): Promise<Response> {
  const raw = await readCached(file);
  if (page && partner && extname(file) === '.html') return sendPersonal(c, file, raw, status, cache, page, partner);
  const isPage = page !== undefined && extname(file) === '.html';
  const body = isPage ? withAppId(raw, page.appId) : raw;
  const type = typeOf(file);
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cache };
  if (isPage) headers['Content-Security-Policy'] = servedPagePolicy(raw, page.frameAncestors);
  if (!worthCompressing(type, typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)) return c.body(body, status, headers);
  // Both variants may be cached (by the browser; shared caches get only public assets).
  c.header('Vary', 'Accept-Encoding', { append: true });
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  // The app id is part of the key: the same file is served with each app's tag. A file sent as it
  // is built may have the build's compressed copy beside it (src/build/precompress.ts).
  const zipped = encoding && compressOnce(`${file}\0${page?.appId ?? ''}`, body, encoding, body === raw ? file : undefined);
  if (!encoding || !zipped) return c.body(body, status, headers);
  return c.body(zipped, status, { ...headers, 'Content-Encoding': encoding });
}

// A page filled with the viewer's partner (partnerPage.ts), under the policy of the built file itself.
function sendPersonal(
  c: Context,
  file: string,
  raw: Uint8Array,
  status: 200 | 404,
  cache: string,
  page: { appId: string; frameAncestors: readonly string[] },
  partner: ViewerPartner,
): Response {
  const made = personalPage(`${file}\0${page.appId}`, () => withAppId(raw, page.appId), partner, servedPagePolicy(raw, page.frameAncestors));
  const headers: Record<string, string> = { 'Content-Type': typeOf(file), 'Cache-Control': cache, 'Content-Security-Policy': made.policy };
  c.header('Vary', 'Accept-Encoding', { append: true });
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  const zipped = encoding && zippedPage(made, encoding);
  if (!encoding || !zipped) return c.body(made.body, status, headers);
  return c.body(zipped, status, { ...headers, 'Content-Encoding': encoding });
}

/**
 * Serves the built deck. A login-visibility deck's pages carry its content (they are prerendered),
 * so without the session cookie of a user the gate lets in, a page request gets `_gate.html` (the
 * content-free shell, 200, no-store), whose script then sends the visitor to /login or shows
 * Access Restricted. Each request path is first brought to its one canonical file name (any other
 * spelling is refused, src/platform/http/deckFilePath.ts); who may fetch it is decided on that name, with
 * everything gated unless listed as public (src/platform/http/publicDeckFiles.ts). Its one route
 * answers every GET, so it is mounted last.
 */
export function staticDeckRoutes(ctx: PlatformContext): Hono {
  const deck = new Hono();
  const root = resolve(ctx.staticDir);
  let pages: ReturnType<typeof builtPages> | undefined;
  // Deck pages, the gate page and the 404 page may be framed by the platform's parent origins.
  const deckPage = { appId: ctx.deckAppId, frameAncestors: ctx.frameAncestors };

  // The one admission (admission.ts) on the session cookie. A stale cookie is no cookie here: a
  // deck anyone may open still shows its pages; a revoked or expired person is refused like any
  // visitor the gate keeps out and gets the gate page, whose client asks the API and shows the
  // ended-access screen.
  const sessionAdmission = (c: Context) => admittedOrNull(ctx, ctx.deckAppId, sessionToken(c), { deadTokenIsAnonymous: true });
  const mayView = async (c: Context): Promise<boolean> => (await sessionAdmission(c)) !== null;

  // The admin console (ADMIN_PATH) is the client's: an admin person the deck admits gets the
  // content-free app shell, which renders the console; anyone else the ordinary 404.
  const isAdminSession = async (c: Context): Promise<boolean> => {
    const admitted = await sessionAdmission(c);
    return admitted?.caller.kind === 'user' && isAdmin(admitted.caller);
  };

  // Refused paths, missing files and gated files a visitor may not see all get this one answer, so
  // none of them tells which files exist.
  const notFoundPage = async (c: Context): Promise<Response> => {
    c.header('Vary', 'Cookie');
    const missing = await fileIn(root, '404.html');
    if (missing) return send(c, missing, 404, 'no-store', deckPage);
    return c.text(`Not found. (Is the deck built? ${root} has no 404.html.)`, 404, { 'Cache-Control': 'no-store' });
  };

  // What a visitor the gate keeps out gets instead of a gated page (and of the stamped PDF).
  const gatePage = async (c: Context): Promise<Response> => {
    const gate = await fileIn(root, '_gate.html');
    if (!gate) return c.text('This deck needs a sign-in, and the gate page (_gate.html) is not built.', 503);
    return send(c, gate, 200, 'no-store', deckPage);
  };

  deck.get('*', async (c) => {
    // The target as the client sent it: Hono's c.req.path is already partly decoded, and which
    // spelling arrived matters here (node-server keeps the request line on env.incoming).
    const incoming = (c.env as { incoming?: { url?: unknown } } | undefined)?.incoming;
    const target = typeof incoming?.url === 'string' ? incoming.url : c.req.url;
    const raw = targetPath(target);
    if (raw.startsWith('/api/')) throw notFound(`No route ${c.req.method} ${c.req.path}`);
    // Other spellings of a page route go to its one spelling, as on the preview server. Route paths
    // are no secret (the public main bundle lists them), so this comes before the gate.
    pages ??= builtPages(root);
    const search = target.includes('?') ? target.slice(target.indexOf('?')).split('#', 1)[0]! : '';
    const redirect = pageRedirect(raw, search, pages);
    if (redirect) return c.redirect(redirect, 301);
    if (raw === ADMIN_PATH) {
      c.header('Vary', 'Cookie');
      const shell = (await isAdminSession(c)) ? await fileIn(root, '_gate.html') : null;
      return shell ? send(c, shell, 200, 'no-store', { appId: ctx.deckAppId, frameAncestors: SAME_ORIGIN_FRAMING }) : notFoundPage(c);
    }
    // One normalisation, before any lookup; from here on only the file name is looked at.
    const name = deckFilePath(raw);
    if (name === null) return notFoundPage(c);
    const audience = fileAudience(name);
    const isPage = extname(name) === '.html';
    if (audience !== 'anyone-cacheable') c.header('Vary', 'Cookie');
    if (audience === 'nobody') return notFoundPage(c);
    if (audience === 'stamped') {
      const answer = await deckPdfAnswer(c, ctx, root).catch(async (error: unknown) => {
        // Before the first PDF as before the first page: a partner who has not accepted the agreement reads it.
        const agreement = error instanceof HttpError && error.body.extra_data?.reason === AGREEMENT_REASON ? await agreementPageFor(ctx, c, raw) : null;
        if (agreement) return agreement;
        throw error;
      });
      if (answer === 'not-found') return notFoundPage(c);
      return answer === 'signed-out' ? gatePage(c) : answer;
    }

    if (!isPage) {
      if (isDeckPartnerChunk(name)) {
        // The deck-wide partner goes only to those shown it: never to a viewer pitched under their own Prepared-for.
        const admitted = await sessionAdmission(c);
        if (!admitted || (admitted.caller.kind === 'user' && admitted.caller.user.prepared_for?.name?.trim())) return notFoundPage(c);
      }
      if (audience === 'admitted' && !(await mayView(c))) return notFoundPage(c);
      const file = await fileIn(root, name);
      if (!file) return notFoundPage(c);
      if (audience === 'anyone-cacheable') return send(c, file, 200, 'public, max-age=31536000, immutable');
      if (audience === 'anyone') return send(c, file, 200, 'no-cache');
      // Gated files never go to shared caches; the hashed chunks of the content folder never change.
      const hashed = name.startsWith(`${CONTENT_ASSETS_DIR}/`);
      return send(c, file, 200, hashed ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    }

    const file = await fileIn(root, name);
    if (!file) return notFoundPage(c);
    // The deck itself may be framed (it reports its address to a parent window);
    // the sign-in form may not, so no other site can overlay it to harvest clicks or passwords.
    const signIn = name === 'login.html';
    if (signIn) c.header('X-Frame-Options', 'SAMEORIGIN');
    const page = signIn ? { appId: ctx.deckAppId, frameAncestors: SAME_ORIGIN_FRAMING } : deckPage;
    if (signIn) return send(c, file, 200, 'no-store', page);
    const admitted = await sessionAdmission(c);
    // Refused only for want of the confidentiality agreement: the agreement, in place of the page.
    if (audience !== 'anyone' && !admitted) return (await agreementPageFor(ctx, c, `${raw}${search}`)) ?? gatePage(c);
    // The page names the partner this viewer is pitched as (a public deck's visitors: the deck-wide one;
    // an admin's "View as": that person's). Only a visitor the deck admits is shown a partner: a public
    // file (the gate shell, 404) names none.
    const partner = admitted ? await requestPartner(ctx, c, ctx.deckAppId, admitted.caller) : null;
    // An admin's "View as" shows what one person sees: the log says who looked, and at whose deck.
    const viewed = admitted && c.req.query(VIEW_AS_PARAM) ? await viewedPerson(ctx, c, ctx.deckAppId, admitted.caller) : null;
    if (admitted && viewed)
      await auditRead(ctx, c, { appId: ctx.deckAppId, action: 'view_as', actor: admitted.caller, target: viewed.email, detail: { page: raw } });
    return send(c, file, 200, 'no-store', page, partner);
  });
  return deck;
}
