import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the SSR build's entry offers the prerender (src/entry-server.tsx). */
export interface ServerEntry {
  allSlides: ReadonlyArray<{ name: string; path: string; label: string; summary?: string }>;
  pageTitle: (slide: ServerEntry['allSlides'][number] | undefined) => string;
  renderRoute: (path: string) => Promise<string>;
}

/** The HTML file that serves a route: `/` → index.html, `/contact` → contact.html. */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** The built page template with one route's title, description and prerendered body filled in. */
export function fillTemplate(template: string, page: { title: string; description?: string; body: string }): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  let html = template.replace(/<title>[^<]*<\/title>/, `<title>${escape(page.title)}</title>`);
  if (page.description) {
    html = html.replace(/(<meta name="description" content=")[^"]*(")/, `$1${escape(page.description)}$2`);
  }
  return html.replace('<!--app-->', page.body);
}

/**
 * Writes every route's static HTML into `outDir`, plus `404.html` (served for unknown paths) and
 * `_gate.html` (a shell without slide content, for visitors the platform has not let in yet).
 * Returns the files written.
 */
export async function prerender(entry: ServerEntry, outDir: string): Promise<string[]> {
  const template = scriptsAfterFirstPaint(inlineStylesheets(readFileSync(join(outDir, 'index.html'), 'utf8'), outDir));
  if (!template.includes('<!--app-->')) throw new Error(`${outDir}/index.html has no <!--app--> placeholder`);
  const written: string[] = [];
  const write = (file: string, html: string) => {
    writeFileSync(join(outDir, file), html);
    written.push(file);
  };
  for (const slide of entry.allSlides) {
    const body = await entry.renderRoute(slide.path);
    write(htmlFileFor(slide.path), fillTemplate(template, { title: entry.pageTitle(slide), description: slide.summary, body }));
  }
  write('404.html', fillTemplate(template, { title: entry.pageTitle(undefined), body: await entry.renderRoute('/404') }));
  write('_gate.html', fillTemplate(template, { title: entry.pageTitle(entry.allSlides[0]), body: '' }));
  return written;
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
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
  const entry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('the built page has no module script to defer');
  const loader = [
    '<script type="module">',
    `let started=false;const start=()=>{if(started)return;started=true;`,
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}`,
    `import(${JSON.stringify(entry)})};`,
    // After the page has loaded and its next frame is painted; the timer covers hidden tabs, which do not paint.
    "const afterPaint=()=>requestAnimationFrame(()=>setTimeout(start));",
    "if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint);setTimeout(start,1500);",
    '</script>',
  ].join('');
  return html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<script type="module"[^>]*src="[^"]+"[^>]*><\/script>\s*/, '')
    .replace('</body>', `${loader}</body>`);
}
