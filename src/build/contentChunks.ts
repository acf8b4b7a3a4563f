/** Where the chunks that carry slide content go, so a host can keep them behind its sign-in gate. */
export const CONTENT_ASSETS_DIR = 'assets/content';

/** True for a chunk holding a slide's records, its MDX body or the brand records. */
export function isContentChunk(moduleIds: readonly string[]): boolean {
  return moduleIds.some((id) => id.includes('virtual:slide/') || id.endsWith('.mdx'));
}

/** Rollup's `chunkFileNames`: content chunks under assets/content/, the rest as usual. */
export function chunkFileNames(chunk: { moduleIds: readonly string[] }): string {
  return isContentChunk(chunk.moduleIds) ? `${CONTENT_ASSETS_DIR}/[name]-[hash].js` : 'assets/[name]-[hash].js';
}
