import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

/**
 * What the server folder holds, by file name: the platform (`npm start` runs the same through
 * tsx), the invite, backup, restore and export commands (`node dist-server/invite.mjs EMAIL [ROLE]`,
 * `backup.mjs FILE`, `restore.mjs FILE`, `export.mjs`) where tsx is not installed, and the platform's
 * PDF stamping thread (stampThread.ts starts it from beside platform.mjs).
 */
export const SERVER_ENTRIES = {
  platform: 'scripts/platform-start.ts',
  invite: 'scripts/invite.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  export: 'scripts/export-built.ts',
  stampWorker: 'src/platform/files/stampWorker.ts',
} as const;

/** The packages a production install (`npm ci --omit=dev`) has: package.json "dependencies". */
export function runtimeDependencies(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {});
}

/**
 * Whether an import stays an import in the bundle: Node's own modules and the runtime dependencies
 * (and their subpaths). Everything else (our source, dev-only packages such as yaml) is inlined, so
 * the serving machine needs neither tsx nor TypeScript nor the devDependencies.
 */
export function isRuntimeImport(id: string, dependencies: readonly string[]): boolean {
  if (id.startsWith('node:') || builtinModules.includes(id)) return true;
  return dependencies.some((name) => id === name || id.startsWith(`${name}/`));
}

/**
 * Bundles SERVER_ENTRIES into `outDir/{name}.mjs` (plus chunks for shared code and for what loads
 * lazily, such as the database engine not in use) with Vite's SSR build, outside the deck's Vite
 * config: none of the deck's plugins apply to server code.
 */
export async function buildServerBundle(root: string, outDir: string): Promise<void> {
  const { build } = await import('vite');
  const dependencies = runtimeDependencies(root);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: {
        input: SERVER_ENTRIES,
        external: (id: string) => isRuntimeImport(id, dependencies),
        output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
      },
    },
  });
}
