import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_ASSETS_DIR } from '../content/contentChunks.ts';
import { withPolicyMeta } from '../platform/http/contentSecurityPolicy.ts';

type DeckPage = { name: string; path: string; label: string; summary?: string };

/** What the SSR build's entry offers the prerender (src/entry-server.tsx). */
export interface ServerEntry {
  deckPages: () => Promise<ReadonlyArray<DeckPage>>;
  pageTitle: (slide: DeckPage | undefined) => string;
  renderRoute: (path: string) => Promise<string>;
  renderNotFound: () => string;
}

/** Titles of the pages anyone may fetch: the server picks the deck's visibility at run time, so they never name it. */
export const GATE_TITLE = 'Investor deck';
export const NOT_FOUND_TITLE = 'Page Not Found';

/** The HTML file that serves a route: `/` → index.html, `/contact` → contact.html. */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/**
 * The built page template with one route's title, description and prerendered body filled in; a slide's
 * page also names its slide on the root element, so the script knows what to hydrate before the registry.
 */
export function fillTemplate(
  template: string,
  page: { title: string; description?: string | undefined; body: string; slide?: string; signInShell?: boolean },
): string {
  const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  let html = template.replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(page.title)}</title>`);
  if (page.description) {
    html = html.replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeAttribute(page.description)}$2`);
  }
  if (page.slide) html = html.replace('<div id="root">', `<div id="root" data-slide="${escapeAttribute(page.slide)}">`);
  // The gate shell: the platform sends it to a visitor without a session it lets in (SIGN_IN_SHELL in main.tsx).
  if (page.signInShell) html = html.replace('<div id="root">', '<div id="root" data-gate="sign-in">');
  return html.replace('<!--app-->', page.body);
}

/**
 * Writes every route's static HTML into `outDir`, plus `404.html` (served for unknown paths) and
 * `_gate.html` (a shell without slide content, for visitors the platform has not let in yet); those two
 * hold no setting or page name, whatever the deck's visibility. Every page, the sign-in page included,
 * starts its scripts from one inline loader and carries its Content-Security-Policy in a `<meta>` for
 * static hosts (the local platform sends it as a header instead; src/platform/http/contentSecurityPolicy.ts).
 * Returns the files written.
 */
export async function prerender(entry: ServerEntry, outDir: string): Promise<string[]> {
  const template = inlineStylesheets(readFileSync(join(outDir, 'index.html'), 'utf8'), outDir);
  if (!template.includes('<!--app-->')) throw new Error(`${outDir}/index.html has no <!--app--> placeholder`);
  const contentChunks = readdirSync(join(outDir, CONTENT_ASSETS_DIR));
  const written: string[] = [];
  const write = (file: string, html: string) => {
    writeFileSync(join(outDir, file), withPolicyMeta(scriptsAfterFirstPaint(html)));
    written.push(file);
  };
  // The sign-in page is Vite's own output, not prerendered: it only gets its loader (started at once:
  // it has nothing to paint before its script runs) and its policy.
  const login = join(outDir, 'login.html');
  if (existsSync(login)) writeFileSync(login, withPolicyMeta(scriptsThroughLoader(readFileSync(login, 'utf8'), 'at-once')));
  // 404.html and _gate.html are public: the template's generic title and description, no registry text.
  write('404.html', fillTemplate(template, { title: NOT_FOUND_TITLE, body: entry.renderNotFound() }));
  write('_gate.html', fillTemplate(template, { title: GATE_TITLE, body: '', signInShell: true }));
  for (const slide of await entry.deckPages()) {
    const body = await entry.renderRoute(slide.path);
    const page = fillTemplate(template, { title: entry.pageTitle(slide), description: slide.summary, body, slide: slide.name });
    write(htmlFileFor(slide.path), withPreloads(page, hydrationChunks(contentChunks, slide.name)));
  }
  return written;
}

/**
 * The gated chunks a slide's page needs before it hydrates: the registry and the slide's body. Only
 * that page (which the platform serves to admitted visitors alone) names them, so they load alongside
 * the shell instead of one after the other.
 */
export function hydrationChunks(contentFiles: readonly string[], slideName: string): string[] {
  const chunk = (prefix: string) => contentFiles.find((file) => new RegExp(`^${prefix}-[A-Za-z0-9_-]+\\.js$`).test(file));
  return [chunk('registry'), chunk(slideName)].filter((file): file is string => file !== undefined).map((file) => `/${CONTENT_ASSETS_DIR}/${file}`);
}

/** The page with module preloads for `hrefs` (scriptsAfterFirstPaint then fetches them after the first paint). */
export function withPreloads(html: string, hrefs: readonly string[]): string {
  const links = hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * Puts the built stylesheet inside the page: the first paint then waits for nothing but the HTML
 * (the deck's CSS is a few KB; a render-blocking request costs a round trip on a phone).
 */
export function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
    const css = readFileSync(join(outDir, href), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}

/**
 * The pages are prerendered, so their script is only needed to hydrate them: it starts after the
 * first paint instead of competing with it for a phone's bandwidth. The chunks it needs are still
 * fetched in parallel (modulepreload), just after the page is on screen.
 */
export function scriptsAfterFirstPaint(html: string): string {
  return scriptsThroughLoader(html, 'after-first-paint');
}

/**
 * The built page's entry script and module preloads replaced by one inline loader that adds them.
 * Under the pages' Content-Security-Policy a script runs only by hash or through `'strict-dynamic'`:
 * the loader is allowed by its hash, and the elements it creates (and every chunk they import) are
 * trusted through it. A `<script src>` or `<link rel="modulepreload">` in the markup would be refused.
 * The entry is added as a `<script type="module">` rather than `import()`ed: chromium does not extend
 * `'strict-dynamic'` trust to an `import()` made by an inline script the parser inserted.
 */
export function scriptsThroughLoader(html: string, when: 'at-once' | 'after-first-paint'): string {
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  const entry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('the built page has no module script to load');
  const start = [
    'const add=(tag,props)=>document.head.append(Object.assign(document.createElement(tag),props));',
    `for(const href of ${JSON.stringify(preloads)})add('link',{rel:'modulepreload',href});`,
    `add('script',{type:'module',src:${JSON.stringify(entry)}})`,
  ].join('');
  const loader = [
    '<script type="module">',
    when === 'at-once'
      ? start
      : [
          `let started=false;const start=()=>{if(started)return;started=true;${start}};`,
          // After the page has loaded and its next frame is painted; the timer covers hidden tabs, which do not paint.
          'const afterPaint=()=>requestAnimationFrame(()=>setTimeout(start));',
          "if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint);setTimeout(start,1500);",
        ].join(''),
    '</script>',
  ].join('');
  return html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<script type="module"[^>]*src="[^"]+"[^>]*><\/script>\s*/, '')
    .replace('</body>', `${loader}</body>`);
}
