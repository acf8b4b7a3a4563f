import { statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { DevEnvironment, Plugin, ViteDevServer } from 'vite';
import { formatIssue, type ContentIssue } from './contentIssue.ts';
import type { DeckContent } from './deckContent.ts';
import { contentError, contentErrorModule, contentErrorReport, type ContentErrorReport } from './devServerErrors.ts';
import { notYetPrinted } from './printOnce.ts';
import { loadContent, SLIDES_DIR } from './loadContent.ts';
import { DECK_PARTNER_MODULE } from './contentChunks.ts';
import { partnerModule, registryModule, slideModule } from './registryModules.ts';
import { normalizeSourceText } from './sourceText.ts';

const REGISTRY = 'virtual:slide-registry';
const SLIDE = 'virtual:slide/';
const RESOLVED = '\0';
const CONTENT_FILE = /\.(mdx|ya?ml)$/;
// Each slide component lives in a file named after it (tests/content/mdxComponentNames.test.ts).
const COMPONENTS_DIR = 'src/components';

/** Points a build at another content folder than `slides/` (the public-files test builds a copy). */
export const SLIDES_DIR_VARIABLE = 'DECK_SLIDES_DIR';

/** What decides the routes and loaders: when it changes, the open page reloads rather than hot-updates. */
const pageSet = (deck: DeckContent) => JSON.stringify(deck.slides.map(({ name, path, order, file }) => [name, path, order, file]));

/**
 * Validates the slides on every build and dev start, and generates the slide registry from them:
 * `virtual:slide-registry` (settings and every page's metadata) and `virtual:slide/{Name}` (records,
 * the brands the slide shows and its MDX body). Both are imported lazily by the browser, so their
 * chunks land in the gated content folder (src/content/contentChunks.ts).
 *
 * A build fails on a content error. The dev server never does: it shows the errors in the overlay
 * and the terminal, serves a registry that throws them, and reloads the page once the files are fixed;
 * added, removed and renamed slides reload the page without a restart.
 */
export function slideRegistryPlugin(): Plugin {
  let root = process.cwd();
  const slidesDir = () => resolve(root, process.env[SLIDES_DIR_VARIABLE] || join(root, SLIDES_DIR));
  let content: DeckContent | undefined;
  // The dev server's standing content error, shown to every page that connects until a save fixes it.
  let failure: ContentErrorReport | undefined;
  let server: ViteDevServer | undefined;
  let command: 'build' | 'serve' = 'serve';
  let printedAtStart: string | undefined;
  let refreshedAt = 0;
  // The pages of the registry the browser was last served (undefined: it got the error module).
  let servedPages: string | undefined;

  const load = (): { issues: ContentIssue[]; content?: DeckContent; files: string[] } => {
    try {
      return loadContent(root, slidesDir());
    } catch (error) {
      // A content file that cannot be read at all (deck.yaml deleted): still a located content error.
      const file = (error as NodeJS.ErrnoException).path ?? slidesDir();
      const issue: ContentIssue = { severity: 'error', file: relative(root, file), line: 1, column: 1, field: '', message: (error as Error).message };
      return { issues: [issue], files: [] };
    }
  };

  /** Reads the slides again and records their errors (the callers print them, or throw them in a build). */
  const refresh = (warn: (message: string) => void): string[] => {
    refreshedAt = Date.now();
    const result = load();
    // Warnings and notes print once per run; a build's are printed by `npm run check`, which runs first.
    const fresh = command === 'build' ? [] : notYetPrinted(result.issues);
    if (fresh.length) warn(fresh.map(formatIssue).join('\n'));
    failure = contentErrorReport(result.issues, root);
    if (!failure) content = result.content;
    return result.files;
  };

  const generatedModules = (environment: DevEnvironment) =>
    [...environment.moduleGraph.idToModuleMap.values()].filter((mod) => mod.id?.startsWith(RESOLVED + 'virtual:'));

  return {
    name: 'deck:slide-registry',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    buildStart() {
      const files = refresh((message) => this.warn(message));
      if (failure && command === 'build') {
        // Fails before anything is bundled or written, so a broken field never leaves a half-built dist/.
        this.error(failure.message.replace('The slides have errors:', 'The slides have errors; nothing was built:'));
      }
      // Each environment starts the plugin; the terminal gets the start's errors once.
      if (failure && failure.message !== printedAtStart) this.environment.logger.error(failure.message);
      printedAtStart = failure?.message;
      for (const file of files) this.addWatchFile(file);
    },
    configureServer(devServer) {
      server = devServer;
      // A page opened (or reloaded) while the content is broken gets the overlay at once.
      devServer.ws.on('vite:client:connect', (_data, client) => {
        if (failure) client.send(failure.payload);
      });
    },
    resolveId(id) {
      if (id === REGISTRY || id === DECK_PARTNER_MODULE || id.startsWith(SLIDE)) return RESOLVED + id;
      return undefined;
    },
    load(id, options) {
      const key = id.slice(RESOLVED.length);
      if (!id.startsWith(RESOLVED) || !(key === REGISTRY || key === DECK_PARTNER_MODULE || key.startsWith(SLIDE))) return undefined;
      if (!content && !failure) refresh(() => {});
      if (failure) {
        if (command === 'build') return this.error(failure.message);
        if (key === REGISTRY && !options?.ssr) servedPages = undefined;
        return contentErrorModule(failure.message);
      }
      const deck = content!;
      if (key === DECK_PARTNER_MODULE) return partnerModule(deck);
      if (key === REGISTRY) {
        if (!options?.ssr) servedPages = pageSet(deck);
        return registryModule(deck, (name) => `${SLIDE}${name}`, options?.ssr === true);
      }
      const slide = deck.slides.find((entry) => `${SLIDE}${entry.name}` === key);
      if (!slide) return this.error(`${key}: no slide has that name`);
      return slideModule(slide, resolve(root, slide.file), deck, (name) => resolve(root, COMPONENTS_DIR, `${name}.tsx`));
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.endsWith('.mdx') || !file.startsWith(`${slidesDir()}/`)) return undefined;
      // A body the browser asks for before the save's hot update ran: check it first, so a broken
      // body gets the check's message (file:line, the fix) rather than the MDX compiler's.
      if (command === 'serve' && statSync(file).mtimeMs >= refreshedAt) refresh((message) => server?.config.logger.warn(message));
      if (command === 'serve' && failure) throw contentError(failure);
      // The MDX compiler gets the text the check read: a byte-order mark would hide the frontmatter.
      const normalized = normalizeSourceText(code);
      return normalized === code ? undefined : { code: normalized, map: null };
    },
    hotUpdate({ type, file, modules }) {
      if (!server || !CONTENT_FILE.test(file) || !file.startsWith(`${slidesDir()}/`)) return undefined;
      // The content is read once per save (for the browser); other environments only drop their copies.
      const generated = generatedModules(this.environment);
      for (const mod of generated) this.environment.moduleGraph.invalidateModule(mod);
      if (this.environment.name !== 'client') return [];
      const wasFailing = failure !== undefined;
      refresh((message) => server!.config.logger.warn(message));
      if (failure) {
        server.config.logger.error(failure.message, { timestamp: true });
        this.environment.hot.send(failure.payload);
        return [];
      }
      // A slide added, removed or renamed changes the routes and loaders, and a recovered page
      // holds a registry that threw: both reload. A plain edit hot-updates the open slide.
      if (type !== 'update' || servedPages !== pageSet(content!)) {
        if (wasFailing) server.config.logger.info('The slides are fixed; reloading the page.', { timestamp: true });
        this.environment.hot.send({ type: 'full-reload', path: '*' });
        return [];
      }
      return [...modules, ...generated];
    },
  };
}
