import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerender, type ServerEntry } from '../../src/build/prerender.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from './harness.ts';

// For a confidential pitch, *who* is pitched is itself the secret. The deck is built
// with settings no code could contain by chance, then everything a signed-out visitor can fetch is read.
const SETTINGS = {
  company: 'Xylophone Holdings',
  partner: 'Zebracorn Lending Quux',
  licence: 'NMLS #9876543',
  host: 'Quokkaville Homes',
  hostDomain: 'quokkaville-homes.example',
  phone: '(555) 987-6543',
  website: 'xylophone-holdings.example',
};

/** The copied deck.yaml with each setting's value replaced by the distinctive one (its other fields kept). */
function distinctiveDeckYaml(original: string): string {
  const settings = loadContent(repo).content!.settings;
  const replacements: Array<[string, string]> = [
    [settings.company.name, SETTINGS.company],
    [settings.partner.name, SETTINGS.partner],
    [settings.partner.licence, SETTINGS.licence],
    [settings.host.name, SETTINGS.host],
    [settings.host.domain, SETTINGS.hostDomain],
    [settings.contact.phone, SETTINGS.phone],
    [settings.contact.website, SETTINGS.website],
  ];
  const replaced = replacements.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`deck.yaml does not hold ${from}`);
    return text.replace(from, to);
  }, original);
  // The values are the deck's own now: none is a sample (a sample is never shown, so it could not be found).
  const own = replaced.replace(/^samples:\n(?:\s+- .*\n?)*/m, '');
  if (own.includes('samples:')) throw new Error('deck.yaml: its samples: list was not removed');
  return own;
}
const repo = resolve(import.meta.dirname, '../..');
const FIGURES = ['$13.95T', '$1,209,750', '$7.1M', '45-60+ days'];

// Inside the repository, so bare imports (react, …) of the SSR build resolve from node_modules.
const work = join(repo, 'node_modules', '.public-files-test', String(process.pid));
const outDir = join(work, 'dist');
// The slides' MDX imports react/jsx-runtime, so the copy lives there too.
const slidesDir = join(work, 'slides');
let secrets: string[] = [];
let p: TestPlatform;

beforeAll(async () => {
  cpSync(join(repo, 'slides'), slidesDir, { recursive: true });
  writeFileSync(join(slidesDir, 'deck.yaml'), distinctiveDeckYaml(readFileSync(join(slidesDir, 'deck.yaml'), 'utf8')));
  const slides = loadContent(repo, slidesDir).content!.slides;
  // A label that is one plain word and the page's own name (Cover, Market, Contact) is also how code
  // names things (the Ecosystem component, "Contact the app administrator"): the page's title, tagline
  // and eyebrow still stand for it.
  const plainName = (slide: (typeof slides)[number]) => slide.label === slide.name && /^[A-Z][a-z]+$/.test(slide.label);
  const texts = slides.flatMap((slide) => [plainName(slide) ? undefined : slide.label, slide.title, slide.tagline, slide.eyebrow]);
  secrets = [...new Set([...Object.values(SETTINGS), ...texts, ...FIGURES].filter((text): text is string => Boolean(text)))];
  // Both builds of `npm run build`, pointed at the copied slides (DECK_SLIDES_DIR), then the prerender.
  const vite = (...args: string[]) =>
    execFileSync(process.execPath, [join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', ...args], {
      cwd: repo,
      env: { ...process.env, NODE_ENV: 'production', DECK_SLIDES_DIR: slidesDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  vite('--outDir', outDir, '--emptyOutDir');
  vite('--ssr', 'src/entry-server.tsx', '--outDir', join(work, 'ssr'));
  const entry = (await import(pathToFileURL(join(work, 'ssr', 'entry-server.js')).href)) as ServerEntry;
  await prerender(entry, outDir);
  p = await startTestPlatform('private_with_login', { staticDir: outDir, partner: { name: SETTINGS.partner, licence: SETTINGS.licence } });
}, 120_000);
afterAll(async () => {
  await p?.close();
  rmSync(work, { recursive: true, force: true });
});

// Script, stylesheet and chunk references in HTML and JS: src/href attributes, the deferred loader's list,
// `import("./x.js")`, `from"./x.js"` and the bundler's dependency map (`"assets/x.js"`, relative to the root).
const REFERENCE = /["'`]((?:\.{1,2}\/|\/)?(?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+\.(?:js|css|svg|txt))["'`]/g;

function referencesIn(text: string, from: URL): string[] {
  return [...text.matchAll(REFERENCE)].map(([, ref]) => {
    if (ref!.startsWith('.') || ref!.startsWith('/')) return new URL(ref!, from).pathname;
    return ref!.startsWith('assets/') ? `/${ref}` : new URL(ref!, from).pathname;
  });
}

/** Every file a signed-out visitor can reach from the pages, following references recursively. */
async function crawlSignedOut(start: string[]): Promise<Map<string, { status: number; text: string }>> {
  const seen = new Map<string, { status: number; text: string }>();
  const queue = [...start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const response = await fetch(`${p.url}${path}`, { redirect: 'manual' });
    const text = await response.text();
    seen.set(path, { status: response.status, text });
    for (const ref of referencesIn(text, new URL(path, p.url))) if (!seen.has(ref)) queue.push(ref);
  }
  return seen;
}

describe('public files of a login deck', () => {
  it('hold no setting, slide label, title, tagline or figure, in anything a signed-out visitor can fetch', async () => {
    const routes = loadContent(repo, slidesDir).content!.slides.map((slide) => slide.path);
    const files = await crawlSignedOut([...routes, '/no-such-page', '/login', '/_gate', '/404', '/favicon.svg', '/robots.txt', '/logo.svg']);
    const fetched = [...files].filter(([, file]) => file.status === 200).map(([path]) => path);
    // The crawl reached the shell's scripts and the sign-in page's, so the scan below means something.
    expect(fetched.filter((path) => path.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
    expect(fetched).toEqual(expect.arrayContaining(['/login', '/favicon.svg']));
    const leaks = [...files].flatMap(([path, file]) => secrets.filter((secret) => file.text.includes(secret)).map((secret) => `${path}: ${secret}`));
    expect(leaks).toEqual([]);
    // The shell does ask for the registry (once past the gate); the stranger is refused it below.
    expect([...files.keys()].some((path) => path.startsWith('/assets/content/registry-'))).toBe(true);
    // Nothing under the content folder was served to the stranger.
    expect([...files].filter(([path, file]) => path.startsWith('/assets/content/') && file.status === 200)).toEqual([]);
  });

  it('refuses a signed-out visitor every built file but the few public ones (the logo and mascot included)', async () => {
    // Written out here, not read from the platform's list: a file added to that list by mistake must fail.
    const PUBLIC = new Set(['_gate.html', '404.html', 'login.html', 'favicon.svg', 'robots.txt']);
    const isPublic = (file: string) => PUBLIC.has(file) || /^assets\/[^/]+$/.test(file);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [relative(outDir, join(dir, name))]));
    const gated = files(outDir).filter((file) => !isPublic(file));
    // The crawl meant something: pages, the content folder, the logo and the mascot are all among them.
    expect(gated).toEqual(expect.arrayContaining(['index.html', 'logo.svg', 'remo-mascot.svg']));
    expect(gated.filter((file) => file.startsWith('assets/content/')).length).toBeGreaterThan(5);
    const served: string[] = [];
    for (const file of gated) {
      const bytes = readFileSync(join(outDir, file), 'utf8');
      const paths = file.endsWith('.html') ? [`/${file}`, `/${file.replace(/(index)?\.html$/, '')}`] : [`/${file}`];
      for (const path of paths) {
        const reply = await fetch(`${p.url}${path}`, { redirect: 'manual' });
        const text = await reply.text();
        if (reply.status === 200 && text === bytes) served.push(`${path} (${file})`);
      }
    }
    expect(served, 'gated files served to a signed-out visitor: a gated file is on the public list (publicDeckFiles.ts)').toEqual([]);
    // And the public ones do come, so the comparison above can see a file that is served.
    for (const path of ['/favicon.svg', '/robots.txt']) {
      const reply = await fetch(`${p.url}${path}`);
      expect(await reply.text(), path).toBe(readFileSync(join(outDir, path.slice(1)), 'utf8'));
    }
  });

  it('_gate.html and 404.html carry generic titles', () => {
    expect(readFileSync(join(outDir, '_gate.html'), 'utf8')).toMatch(/<title>Investor deck<\/title>/);
    expect(readFileSync(join(outDir, '404.html'), 'utf8')).toMatch(/<title>Page Not Found<\/title>/);
  });

  it('an admitted viewer gets the registry chunk with the settings (the secrets did go somewhere)', async () => {
    const token = await p.login(ADMIN.email, ADMIN.password);
    const registry = readdirSync(join(outDir, 'assets/content')).find((file) => file.startsWith('registry-'))!;
    const reply = await fetch(`${p.url}/assets/content/${registry}`, { headers: { Cookie: `deck_session=${token}` } });
    expect(reply.status).toBe(200);
    const text = await reply.text();
    expect(text).toContain(SETTINGS.company);
    // The deck-wide partner is not in the registry but in its own chunk, for viewers shown it.
    expect(text).not.toContain(SETTINGS.partner);
    const partnerChunk = readdirSync(join(outDir, 'assets/content')).find((file) => file.startsWith('partner-'))!;
    const partner = await fetch(`${p.url}/assets/content/${partnerChunk}`, { headers: { Cookie: `deck_session=${token}` } });
    expect(partner.status).toBe(200);
    expect(await partner.text()).toContain(SETTINGS.partner);
    // The built pages name no partner; the platform fills the viewer's in as it serves them.
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).not.toContain(SETTINGS.partner);
    const cover = await (await fetch(`${p.url}/`, { headers: { Cookie: `deck_session=${token}` } })).text();
    expect(cover).toContain(`<strong data-partner="line">${SETTINGS.partner}</strong>`);
  });
});
