// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = process.cwd();
let work: string;

// A copy of the project with one broken field, so the real commands run against it.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'deck-check-'));
  for (const entry of ['slides', 'src', 'schemas', 'scripts', 'public', 'index.html', 'login.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) {
    cpSync(join(root, entry), join(work, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
  const market = join(work, 'slides/market.mdx');
  writeFileSync(market, readFileSync(market, 'utf8').replace(/^order: 4$/m, 'order: four'));
  const brands = join(work, 'slides/brands.yaml');
  writeFileSync(brands, readFileSync(brands, 'utf8').replace('colour: \'#0f766e\'', 'colour: teal'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

describe('npm run check on broken content', () => {
  it('prints every error as file:line:column field: message and exits 1', () => {
    const run = spawnSync(process.execPath, [tsx, 'scripts/check-content.ts'], { cwd: work, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^slides\/brands\.yaml:\d+:13 brands\[remo-ai\]\.colour: must be a hex colour such as #0f766e$/m);
    expect(run.stderr).toContain('slides/market.mdx:4:8 order: must be a number');
    expect(run.stderr).toContain('2 error(s) in the slides; nothing was built.');
  });
});

describe('vite build on broken content', () => {
  it('fails with the same diagnostics and writes nothing', () => {
    const run = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { cwd: work, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('slides/market.mdx:4:8 order: must be a number');
    expect(existsSync(join(work, 'dist'))).toBe(false);
  });

  it('leaves an earlier good build untouched', () => {
    cpSync(join(work, 'public'), join(work, 'dist'), { recursive: true });
    const before = readdirSync(join(work, 'dist')).sort();
    spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { cwd: work });
    expect(readdirSync(join(work, 'dist')).sort()).toEqual(before);
  });
});

describe('npm run check on the real content', () => {
  it('passes', () => {
    const out = execFileSync(process.execPath, [tsx, 'scripts/check-content.ts'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/^content ok: 18 pages, 12 brands, 2 warning\(s\)/m);
  });
});
