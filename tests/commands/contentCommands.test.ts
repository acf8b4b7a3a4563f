import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The content commands end to end, as an editor runs them: each a real process on a copy of the
// content. What they print for each mistake is tested in memory (tests/content/checkCommand.test.ts,
// figureChanges.test.ts); here the commands' own parts: their arguments, output streams, exit codes,
// and that a refused build writes nothing.
const root = process.cwd();
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a script of scripts/ with `cwd` as the project (the content under it). */
function run(script: string, cwd: string, args: string[] = []): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [tsx, join(root, 'scripts', script), ...args], { cwd, encoding: 'utf8' }, (error, stdout, stderr) =>
      done({ status: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

/** A copy of slides/ and public/ in a folder of its own. */
function copyContent(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of ['slides', 'public']) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  return dir;
}

describe('npm run check and npm run build on broken content', () => {
  let broken: string;
  beforeAll(() => {
    broken = copyContent('deck-broken-');
    cpSync(join(root, 'tests/fixtures/broken/misspelt-component.mdx'), join(broken, 'slides/appendix.mdx'));
  });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it('the check prints each error as file:line:column on stderr, then the count, and exits 1', async () => {
    const check = await run('check-content.ts', broken);
    expect(check.stderr).toContain('slides/appendix.mdx:10:1 <BrandOverveiw>: is not a slide component (did you mean BrandOverview?)');
    expect(check.stderr).toContain('1 error(s) in the slides; nothing was built.');
    expect(check.stdout).not.toContain('content ok');
    expect(check.status).toBe(1);
  });

  it('the build refuses the same content the same way, and leaves an earlier dist/ as it was', async () => {
    mkdirSync(join(broken, 'dist'));
    writeFileSync(join(broken, 'dist/index.html'), 'previous build');
    const build = await run('build.ts', broken);
    expect(build.stdout + build.stderr).toContain('slides/appendix.mdx:10:1 <BrandOverveiw>: is not a slide component');
    expect(build.stdout + build.stderr).not.toContain('dist-ssr');
    expect(build.status).toBe(1);
    expect(readdirSync(join(broken, 'dist'))).toEqual(['index.html']);
    expect(readFileSync(join(broken, 'dist/index.html'), 'utf8')).toBe('previous build');
    expect(existsSync(join(broken, '.build'))).toBe(false);
  });
});

describe('npm run check -- --release and -- --since REF', () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  beforeAll(() => {
    repo = copyContent('deck-since-');
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-q', '-m', 'the deck');
    const ledger = join(repo, 'slides/figures.yaml');
    writeFileSync(ledger, readFileSync(ledger, 'utf8').replace('usd: 13950000000000', 'usd: 13960000000000'));
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('--release refuses while sample values remain, naming them, and exits 1', async () => {
    const release = await run('check-content.ts', repo, ['--release']);
    expect(release.stderr).toMatch(/^Release refused\. Not ready to share: /m);
    expect(release.status).toBe(1);
  });

  it('--since lists the figures changed since that commit after the check, and a missing ref is refused', async () => {
    const since = await run('check-content.ts', repo, ['--since', 'HEAD']);
    expect(since.stdout).toMatch(/^content ok: /m);
    expect(since.stdout).toContain(`Figure changes since HEAD (${git('rev-parse', '--short=7', 'HEAD').trim()}): 1`);
    expect(since.stdout).toContain('- `market.homeEquity` (Home equity): $13.95T → $13.96T');
    expect(since.status).toBe(0);
    const bare = await run('check-content.ts', repo, ['--since']);
    expect(bare.stderr.trim()).toBe('--since needs a git ref: npm run check -- --since main');
    expect(bare.status).toBe(1);
  });
});
