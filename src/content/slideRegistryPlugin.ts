import { join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatIssue, hasErrors } from './contentIssue.ts';
import type { DeckContent } from './deckContent.ts';
import { notYetPrinted } from './printOnce.ts';
import { loadContent, SLIDES_DIR } from './loadContent.ts';
import { registryModule, slideModule } from './registryModules.ts';

const REGISTRY = 'virtual:slide-registry';
const SLIDE = 'virtual:slide/';
const RESOLVED = '\0';

/** Points a build at another content folder than `slides/` (the public-files test builds a copy). */
export const SLIDES_DIR_VARIABLE = 'DECK_SLIDES_DIR';

/**
 * Validates the slides on every build and dev start, and generates the slide registry from them:
 * `virtual:slide-registry` (settings and every page's metadata) and `virtual:slide/{Name}` (records,
 * the brands the slide shows and its MDX body). Both are imported lazily by the browser, so their
 * chunks land in the gated content folder (src/build/contentChunks.ts).
 */
export function slideRegistryPlugin(): Plugin {
  let root = process.cwd();
  const slidesDir = () => resolve(root, process.env[SLIDES_DIR_VARIABLE] || join(root, SLIDES_DIR));
  let content: DeckContent | undefined;
  let server: ViteDevServer | undefined;
  let command: 'build' | 'serve' = 'serve';

  const refresh = (fail: (message: string) => never, warn: (message: string) => void) => {
    const result = loadContent(root, slidesDir());
    const report = result.issues.map(formatIssue).join('\n');
    if (hasErrors(result.issues)) fail(`The slides have errors; nothing was built:\n${report}`);
    // Warnings and notes print once per run; a build's are printed by `npm run check`, which runs first.
    const fresh = command === 'build' ? [] : notYetPrinted(result.issues);
    if (fresh.length) warn(fresh.map(formatIssue).join('\n'));
    content = result.content;
    return result.files;
  };

  return {
    name: 'deck:slide-registry',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    buildStart() {
      // Fails before anything is bundled or written, so a broken field never leaves a half-built dist/.
      const files = refresh((message) => this.error(message), (message) => this.warn(message));
      for (const file of files) this.addWatchFile(file);
    },
    configureServer(devServer) {
      server = devServer;
    },
    resolveId(id) {
      if (id === REGISTRY || id.startsWith(SLIDE)) return RESOLVED + id;
      return undefined;
    },
    load(id, options) {
      const key = id.slice(RESOLVED.length);
      if (!id.startsWith(RESOLVED) || !(key === REGISTRY || key.startsWith(SLIDE))) return undefined;
      if (!content) refresh((message) => { throw new Error(message); }, () => {});
      const deck = content!;
      if (key === REGISTRY) return registryModule(deck, (name) => `${SLIDE}${name}`, options?.ssr === true);
      const slide = deck.slides.find((entry) => `${SLIDE}${entry.name}` === key);
      if (!slide) return this.error(`${key}: no slide has that name`);
      return slideModule(slide, resolve(root, slide.file), deck);
    },
    handleHotUpdate({ file, modules }) {
      if (!server || !file.startsWith(slidesDir())) return undefined;
      // A content edit can change any record or the order: rebuild the registry, report errors in the overlay.
      try {
        refresh((message) => { throw new Error(message); }, (message) => server!.config.logger.warn(message));
      } catch (error) {
        server.config.logger.error((error as Error).message);
        server.ws.send({ type: 'error', err: { message: (error as Error).message, stack: '' } });
        return [];
      }
      const generated = [...server.moduleGraph.idToModuleMap.values()].filter((mod) => mod.id?.startsWith(RESOLVED + 'virtual:'));
      for (const mod of generated) server.moduleGraph.invalidateModule(mod);
      return [...modules, ...generated];
    },
  };
}
