import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The pre-commit hook as a developer meets it: `npm ci` runs the `prepare` script, which writes the
// hook (simple-git-hooks, configured in package.json) into the repository's hooks folder; a commit
// then formats and lints the staged files with Biome. Here in a fresh repository beside the project,
// with the project's package.json, biome.json and node_modules.
const root = process.cwd();
let repo: string;

/** The environment without git's own variables, which a hook running this test would pass on. */
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));

function git(...args: string[]) {
  return spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.test', ...args], { cwd: repo, env, encoding: 'utf8' });
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'pre-commit-'));
  for (const file of ['package.json', 'biome.json']) copyFileSync(join(root, file), join(repo, file));
  symlinkSync(join(root, 'node_modules'), join(repo, 'node_modules'));
  expect(git('init', '-q').status).toBe(0);
  execFileSync('npm', ['run', '-s', 'prepare'], { cwd: repo, env, encoding: 'utf8' });
});

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe('the pre-commit hook', () => {
  it('is written by npm ci (the prepare script) into the hooks folder', () => {
    const hook = join(repo, '.git/hooks/pre-commit');
    expect(existsSync(hook)).toBe(true);
    expect(readFileSync(hook, 'utf8')).toContain('biome check --staged');
  });

  it('formats the staged files and commits them formatted', () => {
    writeFileSync(join(repo, 'tidy.ts'), 'export const  figure = {usd:1}\n');
    expect(git('add', 'tidy.ts').status).toBe(0);
    const commit = git('commit', '-q', '-m', 'a file to format');
    expect(commit.status, commit.stderr).toBe(0);
    expect(git('show', 'HEAD:tidy.ts').stdout).toBe('export const figure = { usd: 1 };\n');
    expect(git('status', '--porcelain').stdout).not.toContain('tidy.ts');
  });

  it('refuses a commit whose staged file breaks a lint rule, naming the file', () => {
    writeFileSync(join(repo, 'broken.ts'), 'export function f(x: number) {\n  debugger;\n  return x;\n}\n');
    expect(git('add', 'broken.ts').status).toBe(0);
    const commit = git('commit', '-q', '-m', 'a file that breaks a rule');
    expect(commit.status).not.toBe(0);
    expect(`${commit.stdout}${commit.stderr}`).toContain('broken.ts');
    expect(git('log', '--format=%s').stdout).not.toContain('a file that breaks a rule');
  });
});
