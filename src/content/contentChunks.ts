/** Where the chunks that carry slide content go, so a host can keep them behind its sign-in gate. */
export const CONTENT_ASSETS_DIR = 'assets/content';

const REGISTRY = 'virtual:slide-registry';
/** The deck-wide partner's own module (registryModules.ts partnerModule). */
export const DECK_PARTNER_MODULE = 'virtual:deck-partner';
/** Its chunk's name in CONTENT_ASSETS_DIR: the platform gives it only to viewers shown the deck-wide partner. */
export const DECK_PARTNER_CHUNK = 'partner';

/** True for the deck-wide partner's chunk (`assets/content/partner-HASH.js`). */
export function isDeckPartnerChunk(name: string): boolean {
  return new RegExp(`^${CONTENT_ASSETS_DIR}/${DECK_PARTNER_CHUNK}-[A-Za-z0-9_-]+\\.js$`).test(name);
}

/** True for the chunk holding the deck settings and page titles (the registry). */
export function isRegistryChunk(moduleIds: readonly string[]): boolean {
  return moduleIds.some((id) => id.endsWith(REGISTRY));
}

/** True for a chunk holding the registry, a slide's records, its MDX body or the brand records. */
export function isContentChunk(moduleIds: readonly string[]): boolean {
  return isRegistryChunk(moduleIds) || moduleIds.some((id) => id.includes('virtual:slide/') || id.endsWith('.mdx') || id.endsWith(DECK_PARTNER_MODULE));
}

/**
 * Rollup's `chunkFileNames`: content chunks under assets/content/, the rest as usual. The registry's
 * chunk is named `registry-…` (its module id would give it a name the bundler makes up).
 */
export function chunkFileNames(chunk: { moduleIds: readonly string[] }): string {
  if (isRegistryChunk(chunk.moduleIds)) return `${CONTENT_ASSETS_DIR}/registry-[hash].js`;
  if (chunk.moduleIds.some((id) => id.endsWith(DECK_PARTNER_MODULE))) return `${CONTENT_ASSETS_DIR}/${DECK_PARTNER_CHUNK}-[hash].js`;
  return isContentChunk(chunk.moduleIds) ? `${CONTENT_ASSETS_DIR}/[name]-[hash].js` : 'assets/[name]-[hash].js';
}
