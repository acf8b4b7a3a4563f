import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The one-way layers of the architecture: a file may import only
// from its own layer or from the layers its entry lists. A failure names the file, the line and the arrow.
const ROOT = resolve(import.meta.dirname, '../..');

/** Which layer a file belongs to: the first matching prefix wins, so the more specific ones come first. */
const LAYER_OF: ReadonlyArray<readonly [prefix: string, layer: string]> = [
  ['schemas/', 'schemas'],
  ['src/content/', 'content'],
  ['src/registry/', 'registry'],
  ['virtual:slide', 'registry'],
  ['virtual:deck-partner', 'registry'],
  ['src/components/', 'components'],
  ['src/deck/', 'deck'],
  ['src/app/', 'app'],
  ['src/admin/', 'admin'],
  ['src/engagement/', 'engagement'],
  ['src/presenting/', 'presenting'],
  ['src/questions/', 'questions'],
  ['src/main.tsx', 'app'],
  ['src/entry-server.tsx', 'app'],
  ['src/sdk/', 'sdk'],
  ['src/auth/', 'auth'],
  ['src/login/', 'login'],
  ['src/styles/', 'styles'],
  ['src/platform/', 'platform'],
  ['src/build/', 'build'],
  ['src/export/', 'export'],
  // Tooling sits outside src/: the bench, and the servers the tests and the bench start (build layer).
  ['scripts/bench/', 'bench'],
  ['scripts/support/', 'build'],
  ['scripts/', 'scripts'],
  ['tests/', 'tests'],
];

const REACT_SIDE = ['deck', 'components', 'registry', 'content', 'schemas'];
const BELOW_TOP = ['app', 'admin', 'engagement', 'presenting', 'questions', 'auth', 'sdk', 'login', 'styles', 'platform', 'build', ...REACT_SIDE];

/**
 * Arrows allowed only as a dynamic import(), so the bundler puts the target in a chunk of its own:
 * the console's code must never ride along in a viewer's first visit.
 */
const DYNAMIC_ONLY: Readonly<Record<string, readonly string[]>> = {
  app: ['admin', 'questions'],
};

/** What each layer may import besides itself. Nothing in src/ or scripts/ imports tests/. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  schemas: [],
  content: ['schemas'],
  registry: ['content', 'schemas'],
  components: ['registry', 'content', 'schemas'],
  deck: ['components', 'registry', 'content', 'schemas'],
  // schemas/ also holds the wire facts client and server share (socket path, storage keys, meta tag).
  sdk: ['schemas'],
  auth: ['sdk', 'schemas'],
  app: [...REACT_SIDE, 'auth', 'sdk', 'styles', 'admin', 'engagement', 'presenting', 'questions'],
  // The admin console: its own chunk, on the client and the deck's pieces.
  admin: ['sdk', 'schemas', 'components', 'deck', 'registry', 'content'],
  // The viewer's engagement: options, recorder, presence over the access socket, watermark.
  engagement: ['auth', 'sdk', 'schemas', 'registry', 'content'],
  // Presenting: presenter window, follow-me; its pieces load lazily (src/presenting/Presenting.tsx).
  presenting: ['auth', 'sdk', 'schemas', 'deck', 'components', 'registry', 'content'],
  // A viewer's questions: asked on a page, answered by the owners; loaded lazily (src/app/ViewerServices.tsx).
  questions: ['auth', 'sdk', 'schemas', 'deck', 'components', 'registry', 'content'],
  login: ['sdk', 'styles', 'schemas'],
  styles: [],
  // The local platform is Node only: it may read the content pipeline, never the React layers.
  platform: ['content', 'schemas'],
  build: BELOW_TOP,
  // The PDF export: Node only, prints the built pages with the build's chromium.
  export: ['build', 'content', 'schemas'],
  bench: [...BELOW_TOP, 'build', 'export'],
  scripts: [...BELOW_TOP, 'build', 'bench', 'export'],
};

/**
 * The rooms of the local platform, lowest first: a file may import its own room or one below it.
 * `core` (errors, the context types) is the ground floor every room may use and that uses none;
 * `top` is the files directly in src/platform (config.ts, server.ts), which put the rooms together.
 */
const PLATFORM_ROOMS = [
  'core',
  'db',
  'mail',
  'identity',
  'agreement',
  'records',
  'engagement',
  'questions',
  'live',
  'files',
  'news',
  'setup',
  'http',
  'top',
] as const;

/** The platform room of a path in src/platform/ (its first folder, or `top`), or undefined outside the platform. */
function platformRoomOf(path: string): string | undefined {
  if (!path.startsWith('src/platform/')) return undefined;
  const rest = path.slice('src/platform/'.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : 'top';
}

/** Why an arrow between two files of the platform runs the wrong way, or null when it runs down or stays in its room. */
function platformArrow(from: string, to: string): string | null {
  const [a, b] = [platformRoomOf(from)!, platformRoomOf(to)!];
  const [floorA, floorB] = [PLATFORM_ROOMS.indexOf(a as never), PLATFORM_ROOMS.indexOf(b as never)];
  if (floorA < 0) return `platform room ${a}/ is not on a floor (add it to PLATFORM_ROOMS in tests/architecture/layers.test.ts)`;
  if (floorB < 0) return `platform room ${b}/ is not on a floor (add it to PLATFORM_ROOMS in tests/architecture/layers.test.ts)`;
  return floorB > floorA ? `platform room ${a} may not import ${b}, which stands above it` : null;
}

function layerOf(path: string): string | undefined {
  return LAYER_OF.find(([prefix]) => path.startsWith(prefix))?.[1];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier a file names (static imports, re-exports, dynamic imports), with its line and whether it is a dynamic import(). */
function specifiers(text: string): Array<{ line: number; specifier: string; dynamic: boolean }> {
  const found: Array<{ line: number; specifier: string; dynamic: boolean }> = [];
  const pattern = /(?:\bfrom\s*|(\bimport\s*\(\s*)|^\s*import\s+)['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    found.push({ line: text.slice(0, match.index).split('\n').length, specifier: match[2]!, dynamic: match[1] !== undefined });
  }
  return found;
}

function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('virtual:')) return specifier;
  if (!specifier.startsWith('.')) return null; // a package
  return relative(ROOT, resolve(ROOT, dirname(file), specifier));
}

/** The repository's own source files, each read when asked. */
function repositoryFiles(): Array<[string, () => string]> {
  return [...sourceFiles('src'), ...sourceFiles('scripts'), ...sourceFiles('schemas')].map((file) => [file, () => readFileSync(join(ROOT, file), 'utf8')]);
}

/** Every arrow of `files` (the repository's when not given) that runs against the layering, as `file:line imports target: why`. */
function violations(files: Array<[string, () => string]> = repositoryFiles()): string[] {
  const wrong: string[] = [];
  for (const [file, read] of files) {
    const from = layerOf(file);
    if (!from) {
      wrong.push(`${file}: belongs to no layer (add it to LAYER_OF in tests/architecture/layers.test.ts)`);
      continue;
    }
    for (const { line, specifier, dynamic } of specifiers(read())) {
      const path = target(file, specifier);
      if (!path) continue;
      const to = layerOf(path);
      if (to === 'platform' && from === 'platform') {
        const why = platformArrow(file, path);
        if (why) wrong.push(`${file}:${line} imports ${path}: ${why}`);
        continue;
      }
      if (to === from) continue;
      if (!to) wrong.push(`${file}:${line} imports ${path}, which belongs to no layer`);
      else if (!MAY_IMPORT[from]!.includes(to)) wrong.push(`${file}:${line} imports ${path}: ${from} may not import ${to}`);
      else if (!dynamic && DYNAMIC_ONLY[from]?.includes(to))
        wrong.push(`${file}:${line} imports ${path}: ${from} may import ${to} only with a dynamic import()`);
    }
  }
  return wrong;
}

describe('the import graph', () => {
  it('runs one way: every import goes to the same layer or one its entry allows', () => {
    expect(violations()).toEqual([]);
  });

  it('names the file, the line and the arrow when an import runs the wrong way', () => {
    const text = "import { x } from './a.ts';\n\nimport { App } from '../app/App.tsx';\nconst m = import('../auth/AuthGate.tsx');";
    const found = specifiers(text);
    expect(found).toEqual([
      { line: 1, specifier: './a.ts', dynamic: false },
      { line: 3, specifier: '../app/App.tsx', dynamic: false },
      { line: 4, specifier: '../auth/AuthGate.tsx', dynamic: true },
    ]);
    // The rule itself, on a file that breaks it: the deck shell may not import the app above it.
    expect(violations([['src/deck/DeckHeader.tsx', () => text]])).toEqual([
      'src/deck/DeckHeader.tsx:3 imports src/app/App.tsx: deck may not import app',
      'src/deck/DeckHeader.tsx:4 imports src/auth/AuthGate.tsx: deck may not import auth',
    ]);
    expect(violations([['src/nowhere/x.ts', () => text]])).toEqual([
      'src/nowhere/x.ts: belongs to no layer (add it to LAYER_OF in tests/architecture/layers.test.ts)',
    ]);
  });

  it("keeps the platform's rooms on their floors: an import back up names the file, the line and both rooms", () => {
    const text = "import { HttpError } from '../core/errors.ts';\nimport type { PlatformContext } from '../http/platformContext.ts';";
    expect(violations([['src/platform/identity/admission.ts', () => text]])).toEqual([
      'src/platform/identity/admission.ts:2 imports src/platform/http/platformContext.ts: platform room identity may not import http, which stands above it',
    ]);
    // The ground floor imports no room; a room of its own may import itself and what stands below.
    expect(violations([['src/platform/core/context.ts', () => "import type { Db } from '../db/db.ts';"]])).toEqual([
      'src/platform/core/context.ts:1 imports src/platform/db/db.ts: platform room core may not import db, which stands above it',
    ]);
    expect(violations([['src/platform/server.ts', () => "import { createHttpApp } from './http/httpApp.ts';"]])).toEqual([]);
    expect(violations([['src/platform/garden/x.ts', () => "import { HttpError } from '../core/errors.ts';"]])).toEqual([
      'src/platform/garden/x.ts:1 imports src/platform/core/errors.ts: platform room garden/ is not on a floor (add it to PLATFORM_ROOMS in tests/architecture/layers.test.ts)',
    ]);
  });

  it('lets the app reach the admin console only through a dynamic import()', () => {
    const text = "import type { X } from '../admin/people.ts';\nconst C = lazy(() => import('../admin/AdminConsole.tsx'));";
    const [typeOnly, lazyOne] = specifiers(text);
    expect(typeOnly).toMatchObject({ dynamic: false });
    expect(lazyOne).toMatchObject({ line: 2, dynamic: true });
    expect(violations([['src/app/AdminRoute.tsx', () => "const C = lazy(() => import('../admin/AdminConsole.tsx'));"]])).toEqual([]);
    expect(violations([['src/app/AdminRoute.tsx', () => "import { AdminConsole } from '../admin/AdminConsole.tsx';"]])).toEqual([
      'src/app/AdminRoute.tsx:1 imports src/admin/AdminConsole.tsx: app may import admin only with a dynamic import()',
    ]);
  });
});
