import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NOTES_DIR, NOTES_FILE } from '../../schemas/presentingPaths.ts';
import { CONTENT_ASSETS_DIR } from '../../src/content/contentChunks.ts';
import { loadContent } from '../../src/content/loadContent.ts';

// Speaker notes are for admins only: after a real build (globalSetup), no file in dist/,
// which hosts and the platform serve, holds any line of any note; the notes sit beside it instead.

const DIST = 'dist';
const { content } = loadContent(process.cwd());
const notes = Object.entries(content!.notes);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The text of a built file as a reader would search it: escapes a bundler or HTML may use undone. */
function readable(file: string): string {
  const bytes = readFileSync(file);
  const raw = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return raw
    .replace(/\\n/g, '\n')
    .replace(/\\u0027|\\'|&#x27;|&#39;|&apos;/g, "'")
    .replace(/\\u2019/g, '’')
    .replace(/&quot;|\\"/g, '"')
    .replace(/&amp;/g, '&');
}

describe('speaker notes after a build', () => {
  it('are written beside dist/, one for every deck page', () => {
    const file = join(NOTES_DIR, NOTES_FILE);
    expect(existsSync(file)).toBe(true);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(written).toEqual(content!.notes);
    const deckPaths = content!.slides.filter((slide) => slide.order !== null).map((slide) => slide.path);
    expect(deckPaths.every((path) => written[path])).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('are in no file of dist/, content chunks and prerendered pages included', () => {
    const files = filesUnder(DIST);
    expect(files.some((file) => file.includes(CONTENT_ASSETS_DIR))).toBe(true);
    expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(17);
    const leaks: string[] = [];
    const texts = files.map((file) => [file, readable(file)] as const);
    for (const [path, note] of notes) {
      // Every line of every note, and a phrase from its middle: any of them is enough to leak it.
      const lines = note
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length > 20);
      const probes = [...lines.map((line) => line.slice(0, 48)), ...lines.map((line) => line.slice(-40))];
      for (const [file, text] of texts) {
        for (const probe of probes) if (text.includes(probe)) leaks.push(`${file} holds the note of ${path}: "${probe}"`);
      }
    }
    expect(leaks).toEqual([]);
    expect(notes.length).toBeGreaterThanOrEqual(17);
    // The same search finds what the build does serve: each page's tagline is in some file.
    const taglines = content!.slides.flatMap((slide) => (slide.tagline ? [slide.tagline.slice(0, 48)] : []));
    expect(taglines.filter((tagline) => !texts.some(([, text]) => text.includes(tagline)))).toEqual([]);
  });
});
