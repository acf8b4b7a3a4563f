import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS_FILE, buildFingerprint, buildIsCurrent } from '../../src/build/buildInputs.ts';

// `npm start` skips the build when dist/ was built from exactly the sources there are: the
// fingerprint follows every byte the build reads, and nothing else.

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  write('index.html', '<!doctype html>');
  write('slides/cover.mdx', '---\nname: Cover\n---\n# Cover');
  write('src/main.tsx', 'start()');
  write('scripts/build.ts', 'build()');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildFingerprint', () => {
  it('changes with any byte of a slide, the code or a build script, and with a file added', () => {
    const first = buildFingerprint(root, {});
    expect(buildFingerprint(root, {})).toBe(first);
    write('slides/cover.mdx', '---\nname: Cover\n---\n# Cover!');
    const edited = buildFingerprint(root, {});
    expect(edited).not.toBe(first);
    write('src/deck/new.ts', 'export {}');
    expect(buildFingerprint(root, {})).not.toBe(edited);
    const added = buildFingerprint(root, {});
    write('scripts/build.ts', 'build(1)');
    expect(buildFingerprint(root, {})).not.toBe(added);
  });

  it('ignores what the build does not read: its own output, the data folder, the bench', () => {
    const first = buildFingerprint(root, {});
    write('dist/index.html', 'built');
    write('.data/PG_VERSION', '17');
    write('scripts/bench/part.ts', 'measure()');
    expect(buildFingerprint(root, {})).toBe(first);
  });

  it('tells a build of other slides apart (DECK_SLIDES_DIR)', () => {
    expect(buildFingerprint(root, { DECK_SLIDES_DIR: '/elsewhere' })).not.toBe(buildFingerprint(root, {}));
  });
});

describe('buildIsCurrent', () => {
  it('only with a built deck whose fingerprint is that of the sources now', () => {
    const dist = join(root, 'dist');
    const server = join(root, 'dist-server');
    expect(buildIsCurrent(root, server, dist, {})).toBe(false);
    write('dist/index.html', 'built');
    expect(buildIsCurrent(root, server, dist, {})).toBe(false);
    write(`dist-server/${BUILD_INPUTS_FILE}`, `${buildFingerprint(root, {})}\n`);
    expect(buildIsCurrent(root, server, dist, {})).toBe(true);
    write('slides/cover.mdx', 'changed');
    expect(buildIsCurrent(root, server, dist, {})).toBe(false);
  });
});
