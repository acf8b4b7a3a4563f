// @vitest-environment node
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { sampleNotice } from '../../src/content/samples.ts';

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
  // The issue's first mistake: a misspelt component in a body, which the build used to find only in dist-ssr/.
  const hecm = join(work, 'slides/hecm-purchase.mdx');
  writeFileSync(hecm, readFileSync(hecm, 'utf8').replace(/^<BrandOverview \/>$/m, '<BrandOverveiw />'));
  const brands = join(work, 'slides/brands.yaml');
  writeFileSync(brands, readFileSync(brands, 'utf8').replace("colour: '#0f766e'", 'colour: teal'));
  // A <Setting> that names no setting renders nothing at all: the check must say where it is.
  const downsize = join(work, 'slides/downsize.mdx');
  const original = readFileSync(downsize, 'utf8');
  if (!original.includes('<Setting name="host" /> is')) throw new Error('slides/downsize.mdx no longer shows <Setting name="host" />');
  writeFileSync(downsize, original.replace('<Setting name="host" /> is', '<Setting /> is'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

describe('npm run check on broken content', () => {
  it('prints every error as file:line:column field: message and exits 1', () => {
    const run = spawnSync(process.execPath, [tsx, 'scripts/check-content.ts'], { cwd: work, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^slides\/brands\.yaml:\d+:13 brands\[remo-ai\]\.colour: must be a hex colour such as #0f766e$/m);
    expect(run.stderr).toContain('slides/market.mdx:4:8 order: must be a number');
    expect(run.stderr).toMatch(/^slides\/hecm-purchase\.mdx:\d+:1 <BrandOverveiw>: is not a slide component \(did you mean BrandOverview\?\)$/m);
    expect(run.stderr, '<Setting /> without name= is not reported (parseSlide.ts)').toMatch(/^slides\/downsize\.mdx:\d+:1 <Setting>: needs name="…", one of /m);
    expect(run.stderr).toContain('4 error(s) in the slides; nothing was built.');
  }, 60_000);
});

describe('npm run build on broken content', () => {
  const build = () => spawnSync(process.execPath, [tsx, 'scripts/build.ts'], { cwd: work, encoding: 'utf8' });

  it('fails with the same diagnostics, pointing at the .mdx line, and writes nothing', () => {
    const run = build();
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('slides/market.mdx:4:8 order: must be a number');
    expect(run.stdout + run.stderr).toMatch(/slides\/hecm-purchase\.mdx:\d+:1 <BrandOverveiw>: is not a slide component/);
    expect(run.stdout + run.stderr).not.toContain('dist-ssr');
    expect(existsSync(join(work, 'dist'))).toBe(false);
  }, 60_000);

  it('leaves an earlier good build untouched', () => {
    cpSync(join(work, 'public'), join(work, 'dist'), { recursive: true });
    const before = readdirSync(join(work, 'dist')).sort();
    build();
    expect(readdirSync(join(work, 'dist')).sort()).toEqual(before);
  }, 60_000);
});

describe('a build that fails after the content check', () => {
  it('keeps the previous dist/ whole and leaves no staging folder behind', async () => {
    const copy = mkdtempSync(join(root, '.staged-build-test-'));
    try {
      for (const entry of ['slides', 'src', 'schemas', 'public', 'index.html', 'login.html', 'vite.config.ts', 'tsconfig.json']) {
        cpSync(join(root, entry), join(copy, entry), { recursive: true });
      }
      // The client build succeeds; the prerender then fails on an entry that throws when loaded.
      writeFileSync(join(copy, 'src/entry-server.tsx'), "throw new Error('prerender exploded');\nexport {};\n");
      mkdirSync(join(copy, 'dist'));
      writeFileSync(join(copy, 'dist/index.html'), 'previous build');
      const { stagedBuild } = await import('../../src/build/stagedBuild.ts');
      await expect(stagedBuild(copy)).rejects.toThrow('prerender exploded');
      expect(readdirSync(join(copy, 'dist'))).toEqual(['index.html']);
      expect(readFileSync(join(copy, 'dist/index.html'), 'utf8')).toBe('previous build');
      expect(existsSync(join(copy, '.build'))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('npm run check on the real content', () => {
  it('passes', () => {
    const out = execFileSync(process.execPath, [tsx, 'scripts/check-content.ts'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/^content ok: 18 pages, 12 brands, 68 figures, 2 warning\(s\), 0 note\(s\)$/m);
  }, 60_000);
});

/** A copy of slides/ and public/ with one editor mistake made, and what `npm run check` prints for it. */
interface Mistake {
  name: string;
  make(dir: string): void;
  /** Every error line the check prints, exactly (warnings and notes aside). */
  errors(dir: string): string[];
  args?: string[];
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const addFixture = (fixture: string) => (dir: string) => cpSync(join(root, 'tests/fixtures/broken', fixture), join(dir, 'slides/appendix.mdx'));
/** `file:line:column` of the first place `text` stands in a file of the copy. */
const placeOf = (dir: string, file: string, text: string, from = 0) => {
  const lines = read(dir, file).split('\n');
  const line = lines.findIndex((entry, index) => index >= from && entry.includes(text));
  return { line: line + 1, column: lines[line]!.indexOf(text) + 1, at: `${file}:${line + 1}:${lines[line]!.indexOf(text) + 1}` };
};
const lengthLine = (dir: string) => placeOf(dir, 'slides/deck.yaml', '  length: ').line;
const OUTSIDE = 'keep a page outside the order with outsideDeck: true instead of its order';

const MISTAKES: Mistake[] = [
  {
    name: 'a misspelt component',
    make: addFixture('misspelt-component.mdx'),
    errors: () => ['slides/appendix.mdx:10:1 <BrandOverveiw>: is not a slide component (did you mean BrandOverview?)'],
  },
  {
    name: 'an unclosed tag',
    make: addFixture('unclosed-tag.mdx'),
    errors: () => ['slides/appendix.mdx:10:1 MDX syntax: Expected a closing tag for `<Note>`: close it with </Note>, or write <Note /> if it wraps nothing'],
  },
  {
    name: 'an appendix with order 18',
    make: addFixture('appendix-order-18.mdx'),
    errors: (dir) => [
      `slides/appendix.mdx:4:8 order: order 18 is past the last page (deck.length is 17 in slides/deck.yaml:${lengthLine(dir)}): raise it there, or ${OUTSIDE}`,
      `slides/deck.yaml:${lengthLine(dir)}:11 deck.length: is 17, but 18 pages have an order: raise it here, or ${OUTSIDE}`,
    ],
  },
  {
    name: 'a deleted slide',
    make: (dir) => rmSync(join(dir, 'slides/reverse-guide.mdx')),
    errors: (dir) => [
      `slides/deck.yaml:${lengthLine(dir)}:11 deck.length: is 17, but 16 pages have an order and none has order 15: orders run 1-17 without gaps (renumber the pages, or change the length here)`,
    ],
  },
  {
    name: 'a renamed page that links still name',
    make: (dir) =>
      writeFileSync(join(dir, 'slides/core-technology.mdx'), read(dir, 'slides/core-technology.mdx').replace('name: CoreTechnology', 'name: CoreTech')),
    errors: (dir) =>
      readdirSync(join(dir, 'slides'))
        .filter((name) => name.endsWith('.mdx'))
        .sort()
        .flatMap((name) =>
          read(dir, `slides/${name}`)
            .split('\n')
            .flatMap((line, index, lines) => {
              const at = `slides/${name}:${index + 1}`;
              const stale = 'no page is named CoreTechnology (did you mean CoreTech?)';
              if (line.includes('link: CoreTechnology')) {
                // The card's index in the frontmatter's cards list.
                const card = lines.slice(lines.indexOf('cards:'), index).filter((entry) => entry.startsWith('  - ')).length - 1;
                return [`${at}:${line.indexOf('CoreTechnology') + 1} cards[${card}].link: ${stale}`];
              }
              if (line.includes('to="CoreTechnology"')) return [`${at}:${line.indexOf('to="CoreTechnology"') + 1} <LinkButton to="CoreTechnology">: ${stale}`];
              return [];
            }),
        ),
  },
  {
    name: '{brandCount} in a body',
    make: addFixture('setting-in-body.mdx'),
    errors: () => ['slides/appendix.mdx:8:18 {brandCount} in a slide body is code in MDX: write <Figure id="ecosystem.brandCount" /> instead'],
  },
  {
    name: 'a figure typed on one page only (13.95T → 13.96T on the market page)',
    make: (dir) =>
      writeFileSync(join(dir, 'slides/market.mdx'), read(dir, 'slides/market.mdx').replace('    figure: market.homeEquity\n', '    usd: 13960000000000\n')),
    errors: (dir) => [
      `slides/market.mdx:${placeOf(dir, 'slides/market.mdx', 'usd: 13960000000000').line}:10 stats[0].usd: $13.96T differs from figure market.homeEquity (Home equity), which is $13.95T at slides/figures.yaml:${placeOf(dir, 'slides/figures.yaml', 'usd: 13950000000000').line}: write figure: market.homeEquity, or change the figure there`,
    ],
  },
  {
    name: 'a misspelt figure id',
    make: (dir) =>
      writeFileSync(join(dir, 'slides/market.mdx'), read(dir, 'slides/market.mdx').replace('figure: market.homeEquity', 'figure: market.homeEquty')),
    errors: (dir) => [
      `${placeOf(dir, 'slides/market.mdx', 'market.homeEquty').at} stats[0].figure: no figure has id market.homeEquty in slides/figures.yaml (did you mean market.homeEquity?)`,
    ],
  },
  {
    name: 'a misspelt brand id',
    make: addFixture('misspelt-brand.mdx'),
    errors: () => ['slides/appendix.mdx:5:8 brand: no brand has id remo-ia in slides/brands.yaml (did you mean remo-ai?)'],
  },
  {
    name: 'a mis-indented line in brands.yaml',
    make: (dir) =>
      writeFileSync(join(dir, 'slides/brands.yaml'), read(dir, 'slides/brands.yaml').replace('    role: Flagship AI platform', '  role: Flagship AI platform')),
    errors: (dir) => [
      `${placeOf(dir, 'slides/brands.yaml', '  role: Flagship AI platform').at.replace(/:\d+$/, ':3')} invalid YAML: All mapping items must start at the same column (check the indentation of this line)`,
    ],
  },
];

function copyContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deck-mistake-'));
  for (const entry of ['slides', 'public']) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  return dir;
}

function runCheck(dir: string, args: string[] = []): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [tsx, join(root, 'scripts/check-content.ts'), ...args], { cwd: dir, encoding: 'utf8' }, (error, stdout, stderr) =>
      done({ status: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

/** The error lines of a check output (warnings and notes aside). */
const errorLines = (output: string) => output.split('\n').filter((line) => /^\S+:\d+:\d+ /.test(line) && !/ (warning|note): /.test(line));

describe('the check on each common editor mistake', () => {
  const copies = new Map<string, string>();
  beforeAll(() => {
    for (const mistake of MISTAKES) {
      const dir = copyContent();
      mistake.make(dir);
      copies.set(mistake.name, dir);
    }
  });
  afterAll(() => {
    for (const dir of copies.values()) rmSync(dir, { recursive: true, force: true });
  });

  // The check's own code on each copy (what scripts/check-content.ts prints, line for line), in process:
  // one check process per mistake costs minutes on a busy machine; the command itself runs below.
  it.each(MISTAKES.map((mistake) => [mistake.name, mistake] as const))(
    '%s: exact file:line:column messages',
    (_name, mistake) => {
      const dir = copies.get(mistake.name)!;
      const { issues } = loadContent(dir);
      expect(errorLines(issues.map(formatIssue).join('\n'))).toEqual(mistake.errors(dir));
    },
    30_000,
  );

  it('the command prints them and exits 1 (a misspelt component)', async () => {
    const run = await runCheck(copies.get('a misspelt component')!);
    expect(errorLines(run.stderr)).toEqual(MISTAKES[0]!.errors(''));
    expect(run.stderr).toContain('1 error(s) in the slides; nothing was built.');
    expect(run.status).toBe(1);
  }, 60_000);
});

describe('sample values', () => {
  const notice = (settings: number, figures: number) =>
    `Not ready to share: ${[settings ? `${settings} sample value${settings === 1 ? '' : 's'} in slides/deck.yaml` : '', figures ? `${figures} figure${figures === 1 ? '' : 's'} without a source in slides/figures.yaml` : ''].filter(Boolean).join(' and ')}; npm run check -- --samples lists them.`;
  const ALL = ['company.name', 'partner.name', 'partner.licence', 'host.name', 'host.domain', 'contact.phone', 'contact.website'];
  const figureIds = (dir: string) => Object.keys(loadContent(dir).content!.figures);

  it('are counted in one short line by the check, listed one a line with --samples; --release refuses while any remain', async () => {
    const [check, listed, release] = await Promise.all([runCheck(root), runCheck(root, ['--samples']), runCheck(root, ['--release'])]);
    const line = notice(ALL.length, figureIds(root).length);
    expect(check.status).toBe(0);
    expect((check.stdout + check.stderr).split('\n').filter((text) => text.startsWith('Not ready to share'))).toEqual([line]);
    // No id of a setting or figure in the short run: those are for --samples.
    expect(check.stdout + check.stderr).not.toContain('market.homeEquity');
    expect(listed.status).toBe(0);
    const lines = listed.stdout.split('\n');
    const at = lines.indexOf('slides/deck.yaml: 7 settings hold a sample value (replace each, then delete its line under samples:)');
    expect(lines.slice(at + 1, at + 1 + ALL.length)).toEqual(ALL.map((path) => `  ${path}`));
    const figuresAt = lines.indexOf(`slides/figures.yaml: ${figureIds(root).length} figures have no source or as-of date yet (still "to be supplied")`);
    expect(lines.slice(figuresAt + 1, figuresAt + 1 + figureIds(root).length)).toEqual(figureIds(root).map((id) => `  ${id}`));
    expect(release.status).toBe(1);
    expect(release.stderr).toContain(`Release refused. ${line}`);
  }, 60_000);

  it('--release refuses a figure without a source until every one has one', async () => {
    const dir = copyContent();
    try {
      const deck = join(dir, 'slides/deck.yaml');
      writeFileSync(deck, read(dir, 'slides/deck.yaml').replace(/^samples:\n(  - .*\n)*/m, ''));
      const ledger = join(dir, 'slides/figures.yaml');
      // Every figure sourced but one, as a test (the real sources are the owners' to give).
      let left = 0;
      writeFileSync(
        ledger,
        read(dir, 'slides/figures.yaml').replace(/    source: to be supplied\n    asOf: to be supplied/g, (all) =>
          left++ === 0 ? all : "    source: Test source\n    asOf: '2025-06'",
        ),
      );
      const refused = await runCheck(dir, ['--release']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`Release refused. ${notice(0, 1)}`);
      writeFileSync(
        ledger,
        read(dir, 'slides/figures.yaml').replace('    source: to be supplied\n    asOf: to be supplied', "    source: Test source\n    asOf: '2025-06'"),
      );
      const released = await runCheck(dir, ['--release']);
      expect(released.stderr).not.toContain('Not ready to share');
      expect(released.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('leave the notice once replaced, and a misspelt entry is an error with the closest setting', () => {
    const dir = copyContent();
    try {
      const deck = join(dir, 'slides/deck.yaml');
      writeFileSync(deck, read(dir, 'slides/deck.yaml').replace(/^  - (?!partner\.name$).*\n/gm, ''));
      expect(sampleNotice(loadContent(dir).content!.settings)).toBe(notice(1, 0));
      writeFileSync(deck, read(dir, 'slides/deck.yaml').replace(/^samples:\n  - partner\.name\n/m, ''));
      expect(sampleNotice(loadContent(dir).content!.settings)).toBeUndefined();
      writeFileSync(deck, `${read(dir, 'slides/deck.yaml')}samples:\n  - partner.nmae\n`);
      const at = placeOf(dir, 'slides/deck.yaml', 'partner.nmae');
      expect(errorLines(loadContent(dir).issues.map(formatIssue).join('\n'))).toEqual([
        `${at.at} samples[0]: partner.nmae is not a setting a page shows (did you mean partner.name?)`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
