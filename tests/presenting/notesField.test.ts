// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTES_MAX_LENGTH } from '../../schemas/speakerNotes.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { loadContent } from '../../src/content/loadContent.ts';
import { parseSlide } from '../../src/content/parseSlide.ts';
import { registryModule, slideModule } from '../../src/content/registryModules.ts';
import { reportContent } from '../../src/content/reportContent.ts';

// The `notes` frontmatter field: validated like every field (file:line, what to do), and
// kept out of everything the registry and slide modules are generated from.

const TOKENS = { name: 'Sample Lender, Inc.', host: 'Sample Host', phone: '(555) 010-0100' };
const slide = (notes: string) => `---\nname: Sample\nlabel: Sample\norder: 1\ntitle: A sample page\n${notes}\n---\n\nBody text.\n`;
const issues = (notes: string) => parseSlide('slides/sample.mdx', slide(notes), TOKENS).issues.map(formatIssue);

describe('the notes field', () => {
  it('takes multi-line prose, trimmed', () => {
    const { slide: parsed, issues: found } = parseSlide('slides/sample.mdx', slide('notes: |\n  First point.\n  Second point.'), TOKENS);
    expect(found).toEqual([]);
    expect(parsed?.frontmatter.notes).toBe('First point.\nSecond point.');
  });

  it('names the file, the line and what to do for each kind of bad notes', () => {
    expect(issues('notes:')).toEqual([
      'slides/sample.mdx:6:7 notes: must be text; write them as a YAML block: `notes: |` then the text on indented lines below',
    ]);
    expect(issues('notes: [one, two]')).toEqual([expect.stringMatching(/^slides\/sample\.mdx:6:8 notes: must be text; write them as a YAML block/)]);
    expect(issues("notes: '   '")).toEqual(['slides/sample.mdx:6:8 notes: must not be empty: write a few sentences for the presenter, or remove the field']);
    expect(issues('notes: Say <strong>this</strong>.')).toEqual([
      expect.stringMatching(/^slides\/sample\.mdx:6:8 notes: must be plain text, without HTML or MDX tags/),
    ]);
    expect(issues(`notes: ${'a'.repeat(NOTES_MAX_LENGTH + 1)}`)).toEqual([
      `slides/sample.mdx:6:8 notes: must be at most ${NOTES_MAX_LENGTH} characters: keep the few points the presenter needs`,
    ]);
  });
});

describe('the deck’s notes', () => {
  const { content } = loadContent(process.cwd());

  it('every deck page has notes', () => {
    const deckPaths = content!.slides.filter((s) => s.order !== null).map((s) => s.path);
    expect(deckPaths.length).toBeGreaterThan(0);
    expect(deckPaths.filter((path) => !content!.notes[path]?.trim())).toEqual([]);
  });

  it('no note reaches the registry or a slide module', () => {
    const notes = Object.values(content!.notes);
    const modules = [
      registryModule(content!, (name) => `virtual:slide/${name}`),
      registryModule(content!, (name) => `virtual:slide/${name}`, true),
      ...content!.slides.map((s) => slideModule(s, `/slides/${s.name}.mdx`, content!, (name) => name)),
    ];
    for (const note of notes) {
      // Any line of a note is enough to leak it.
      for (const line of note.split('\n')) for (const module of modules) expect(module).not.toContain(line.slice(0, 40));
    }
  });
});

describe('npm run check on a bad notes field', () => {
  it('names the file, the line and what to do, and refuses the slides', () => {
    // A copy of the slides with one slide's notes written as a list, as `npm run check` reads them.
    const dir = mkdtempSync(join(tmpdir(), 'deck-notes-'));
    try {
      cpSync('slides', dir, { recursive: true });
      const market = join(dir, 'market.mdx');
      const text = readFileSync(market, 'utf8');
      const line = text.split('\n').findIndex((row) => row.startsWith('notes:')) + 1;
      expect(line).toBeGreaterThan(1);
      writeFileSync(market, text.replace(/^notes: \|\n(  .*\n)+/m, 'notes:\n  - first point\n  - second point\n'));
      const errors: string[] = [];
      const passed = reportContent(process.cwd(), false, { error: (l) => errors.push(l), warn: () => {}, log: () => {} }, dir);
      expect(passed).toBe(false);
      const file = relative(process.cwd(), market);
      expect(errors).toContain(`${file}:${line + 1}:3 notes: must be text; write them as a YAML block: \`notes: |\` then the text on indented lines below`);
      expect(errors.at(-1)).toContain('1 error(s) in the slides; nothing was built.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
