import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMessagesIn, contentCheckFiles } from './checkMessages.ts';

// Documentation that cannot drift from the code: what the guides name exists, what the code reads is
// documented, and neither carries tracker numbers or commit hashes (git keeps the history).
const ROOT = process.cwd();
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const withoutCodeBlocks = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');
const codeSpans = (markdown: string) => [...withoutCodeBlocks(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
/** The part of a guide under `heading`, up to the next heading of the same level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start, `a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = heading.split(' ')[0]!;
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Every file git tracks that is text a person writes (not images, lock files or generated schemas). */
function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(join(ROOT, file)))
    .filter((file) => !/\.(png|jpe?g|gif|svg|ico|pdf|woff2?)$/.test(file) && !/(^|\/)package-lock\.json$/.test(file) && !file.startsWith('docs/schemas/'));
}

describe('the docs name only what exists', () => {
  const scripts = Object.keys(JSON.parse(text('package.json')).scripts as Record<string, string>);

  it.each(DOCS)('%s: every npm run script', (doc) => {
    const named = [...text(doc).matchAll(/npm run(?: -s)? ([a-z][\w:-]*)/g)].map((match) => match[1]!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it.each(DOCS)('%s: every file path', (doc) => {
    // A code span that is a path into the repository (a glob, `<Name>` placeholder or :line allowed).
    const paths = codeSpans(text(doc))
      .map((span) => span.replace(/:\d+(:\d+)?$/, ''))
      .filter((span) => /^(src|tests|scripts|schemas|slides|docs|public|\.vscode|\.ci)\/[\w./*<>{}-]*$|^[\w.-]+\.(json|ts|mjs|md)$/.test(span));
    const tracked = trackedTextFiles();
    const missing = paths.filter((path) => {
      // A bare file name is one the repository holds somewhere (`authApi.ts`), or a file at its root.
      if (!path.includes('/')) return !existsSync(join(ROOT, path)) && !tracked.some((file) => file.endsWith(`/${path}`));
      if (!/[*<>{]/.test(path)) return !existsSync(join(ROOT, path));
      const pattern = new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*|<[^>]+>|\{[^}]+\}/g, '[^/]*')}$`);
      return !tracked.some((file) => pattern.test(file));
    });
    expect(missing).toEqual([]);
  });

  it.each(DOCS)('%s: every link, and every anchor it points at', (doc) => {
    const broken: string[] = [];
    for (const match of withoutCodeBlocks(text(doc)).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/.test(target)) continue; // another site: not checked offline
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path ? normalize(join(dirname(doc), path)) : doc;
      if (!existsSync(join(ROOT, file))) broken.push(`${target}: no file ${file}`);
      else if (anchor !== undefined && (!file.endsWith('.md') || !anchorsOf(text(file)).has(anchor)))
        broken.push(`${target}: no heading #${anchor} in ${file}`);
    }
    expect(broken).toEqual([]);
  });

  it('every environment variable the docs set or list is one the code reads', () => {
    const read = new Set([...variablesTheCodeReads(), ...variablesTheContainerFilesRead()]);
    const named = new Set<string>();
    for (const doc of DOCS) for (const match of text(doc).matchAll(/(?<![\w-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=/g)) named.add(match[1]!);
    for (const span of codeSpans(section(text('docs/operating.md'), '## Environment variables'))) if (/^[A-Z][A-Z0-9_]+$/.test(span)) named.add(span);
    for (const span of codeSpans(section(text('README.md'), '## Run the deck'))) if (/^[A-Z][A-Z0-9_]+$/.test(span)) named.add(span);
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((name) => !read.has(name))).toEqual([]);
  });
});

describe('the code is documented', () => {
  it("every variable compose.yaml and the Containerfile read is in docs/operating.md's containers section", () => {
    const documented = new Set(codeSpans(section(text('docs/operating.md'), '## In containers')).flatMap((span) => span.split(/[=\s]/)));
    const read = variablesTheContainerFilesRead();
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !documented.has(name) && !variablesTheCodeReads().has(name))).toEqual([]);
  });

  it('every environment variable the code reads is in docs/operating.md', () => {
    const documented = new Set(codeSpans(section(text('docs/operating.md'), '## Environment variables')));
    const read = variablesTheCodeReads();
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });

  it("every message the content check can give is in docs/editing.md's table", () => {
    const table = section(text('docs/editing.md'), '## Check messages').replace(/\s+/g, ' ');
    const messages = contentCheckFiles(ROOT).flatMap((file) => checkMessagesIn(ROOT, file));
    expect(messages.length).toBeGreaterThan(60);
    const missing = messages.flatMap((message) => message.pieces.filter((piece) => !table.includes(piece)).map((piece) => `${message.where}: "${piece}"`));
    expect(missing, 'write each message, with an example of its values, in the table').toEqual([]);
  });
});

describe('no history in the product', () => {
  const files = trackedTextFiles();

  it('names no tracker number (of an issue or a finding) in code, tests or docs', () => {
    const found = files.flatMap((file) =>
      text(file)
        .split('\n')
        .flatMap((line, index) => (/\b(issue|finding)s? #?\d+\b/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('names no commit of this repository in code, tests or docs', () => {
    const candidates = new Map<string, string>();
    for (const file of files) {
      for (const match of text(file).matchAll(/(?<![\w#-])[0-9a-f]{7,40}(?![\w-])/g)) {
        if (/[a-f]/.test(match[0]) && /\d/.test(match[0]) && !candidates.has(match[0])) candidates.set(match[0], file);
      }
    }
    // Only a real commit of this history counts: random hex in a test (a digest, an id) is no commit.
    const answers = execFileSync('git', ['cat-file', '--batch-check=%(objecttype)'], {
      cwd: ROOT,
      input: [...candidates.keys()].map((hex) => `${hex}^{commit}`).join('\n'),
      encoding: 'utf8',
    }).split('\n');
    const commits = [...candidates].filter((_, index) => answers[index] === 'commit').map(([hex, file]) => `${file}: ${hex}`);
    expect(commits).toEqual([]);
  });
});

/** Every environment variable read in src/, scripts/, schemas/, tests/ and the root's config files. */
function variablesTheCodeReads(): Set<string> {
  const files = trackedTextFiles().filter((file) => /^(src|scripts|schemas|tests)\/.*\.(ts|tsx|mjs)$|^[\w.-]+\.(ts|mjs)$/.test(file));
  const sources = files.map(text);
  // `process.env[SLIDES_DIR_VARIABLE]`: the constant's value, wherever it is defined.
  const constants = new Map<string, string>();
  for (const source of sources) for (const match of source.matchAll(/\b([A-Z][A-Z0-9_]*) = '([A-Z][A-Z0-9_]+)'/g)) constants.set(match[1]!, match[2]!);
  const read = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) read.add(match[1]!);
    for (const match of source.matchAll(/process\.env\[([A-Z][A-Z0-9_]*)\]/g)) {
      const name = constants.get(match[1]!);
      if (name) read.add(name);
    }
  }
  // The shell's own search path, which tests pass on to the commands they start: no setting of the deck.
  read.delete('PATH');
  return read;
}

/** The variables compose.yaml substitutes (`${NAME}`, `${NAME:-default}`) and the Containerfile's build arguments. */
function variablesTheContainerFilesRead(): Set<string> {
  const read = new Set<string>();
  for (const match of text('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)) read.add(match[1]!);
  for (const match of text('Containerfile').matchAll(/^ARG ([A-Z][A-Z0-9_]*)/gm)) read.add(match[1]!);
  return read;
}

/** The anchors GitHub makes of a document's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = match[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}
