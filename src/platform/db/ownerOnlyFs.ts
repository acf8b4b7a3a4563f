import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PGlite } from '@electric-sql/pglite';

/** Permission bits for group and others, which nothing in DATA_DIR may carry. */
export const GROUP_OTHER_BITS = 0o077;

type PostgresMod = Parameters<NodeFS['init']>[1];
interface EmscriptenFs {
  mknod(path: string, mode: number, dev: number): unknown;
  doChmod(stream: unknown, node: unknown, mode: number, dontFollow?: boolean): unknown;
}

/**
 * PGlite's on-disk filesystem with group and other permission bits stripped from every file and folder
 * it creates or chmods. A process umask is not enough: PGlite (Emscripten) chmods each file it creates
 * to the mode the C code asked for (0666 for initdb's files, 0644 for pg_internal.init), which no umask
 * masks, and setting umask would change every other file the process writes.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Partial<PostgresMod>): Promise<{ emscriptenOpts: Partial<PostgresMod> }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const ownerOnly = (mod: PostgresMod) => {
      // initdb reaches this same FS object through PROXYFS, so its files are covered too.
      const fs = mod.FS as unknown as EmscriptenFs;
      // Emscripten internals: a PGlite upgrade that renames them must stop the start, not open up DATA_DIR.
      if (typeof fs.mknod !== 'function' || typeof fs.doChmod !== 'function') {
        throw new Error('this PGlite version has no FS.mknod/FS.doChmod: src/platform/db/ownerOnlyFs.ts cannot keep DATA_DIR owner-only');
      }
      const mknod = fs.mknod.bind(fs);
      const doChmod = fs.doChmod.bind(fs);
      fs.mknod = (path, mode, dev) => mknod(path, mode & ~GROUP_OTHER_BITS, dev);
      fs.doChmod = (stream, node, mode, dontFollow) => doChmod(stream, node, mode & ~GROUP_OTHER_BITS, dontFollow);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [ownerOnly, ...(emscriptenOpts.preRun ?? [])] } };
  }
}
