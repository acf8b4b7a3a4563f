// What the build hands the server and no viewer may fetch (speaker notes, the figures ledger): where
// it goes, what it holds, and how it is written (mutation testing found these reached only by whole builds).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { NOTES_DIR, NOTES_FILE } from '../../schemas/presentingPaths.ts';
import { notesFileFor, readServerContent, writeServerFile } from '../../src/build/speakerNotes.ts';
import { SLIDES_DIR_VARIABLE } from '../../src/content/slideRegistryPlugin.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'server-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => {
  delete process.env[SLIDES_DIR_VARIABLE];
});

describe('the server-only files of a build', () => {
  it('keep the notes beside the output folder, never inside it', () => {
    expect(notesFileFor('/deck')).toBe(join('/deck', NOTES_DIR, NOTES_FILE));
    expect(notesFileFor('/deck', 'dist')).toBe(notesFileFor('/deck'));
    expect(notesFileFor('/deck', 'out/site')).toBe(join('/deck/out', NOTES_DIR, NOTES_FILE));
    expect(notesFileFor('/deck', '/srv/www/deck')).toBe(join('/srv/www', NOTES_DIR, NOTES_FILE));
  });

  it('are written whole in one rename, readable by the owner alone, in a folder made for them', () => {
    const file = join(work, 'made', 'for', 'it', 'notes.json');
    writeServerFile(file, { '/market': 'Pause on the market size.' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ '/market': 'Pause on the market size.' });
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(work, 'made', 'for', 'it')).mode & 0o777).toBe(0o700);
    writeServerFile(file, { '/market': 'Second thoughts.' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ '/market': 'Second thoughts.' });
    expect(readdirSync(join(work, 'made', 'for', 'it')), 'no partial file left behind').toEqual(['notes.json']);
  });

  it("hold the deck's notes by path and its ledger, read from the slides the build reads", () => {
    const { notes, ledger } = readServerContent(repo);
    expect(Object.keys(notes).every((path) => path.startsWith('/'))).toBe(true);
    expect(JSON.stringify(ledger)).toContain('$13.95T');
  });

  it('read the folder the build is pointed at, and refuse slides with errors', () => {
    const slides = join(work, 'slides');
    cpSync(join(repo, 'slides'), slides, { recursive: true });
    const market = readdirSync(slides).find((name) => name.includes('market'))!;
    writeFileSync(join(slides, market), readFileSync(join(slides, market), 'utf8').replace(/^notes: \|$/m, 'notes: |\n  Only in the copy.'));
    process.env[SLIDES_DIR_VARIABLE] = slides;
    const pointed = readServerContent(repo);
    expect(Object.values(pointed.notes).some((note) => note.startsWith('Only in the copy.'))).toBe(true);
    // A page with errors still gives records (the build refuses it elsewhere); broken settings give none.
    writeFileSync(join(slides, 'deck.yaml'), 'company: [unclosed\n');
    expect(() => readServerContent(repo)).toThrow('the slides have errors: no speaker notes or figures ledger were written');
    expect(readFileSync(join(repo, 'slides', 'deck.yaml'), 'utf8'), 'the real slides are untouched').not.toContain('[unclosed');
  });

  it('carry the confidentiality agreement when the slides have one, and say there is none otherwise', () => {
    const slides = join(work, 'with-agreement');
    cpSync(join(repo, 'slides'), slides, { recursive: true });
    process.env[SLIDES_DIR_VARIABLE] = slides;
    expect(readServerContent(repo).agreement).toBeNull();
    cpSync(join(slides, 'agreement.example.md'), join(slides, 'agreement.md'));
    const { agreement } = readServerContent(repo);
    expect(agreement?.title).toBe('Confidentiality agreement');
    expect(agreement?.html).toContain('<strong>Confidential information.</strong>');
  });
});
