import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { NOTES_DIR, NOTES_FILE } from '../../schemas/presentingPaths.ts';
import { loadContent, SLIDES_DIR } from '../content/loadContent.ts';
import { SLIDES_DIR_VARIABLE } from '../content/slideRegistryPlugin.ts';

/** Where a build into `outDir` keeps the speaker notes: NOTES_DIR beside it, never inside it. */
export function notesFileFor(root: string, outDir = 'dist'): string {
  return join(dirname(resolve(root, outDir)), NOTES_DIR, NOTES_FILE);
}

/** The speaker notes of the slides the build reads (the same folder as slideRegistryPlugin). */
export function readSpeakerNotes(root: string): Record<string, string> {
  const slidesDir = resolve(root, process.env[SLIDES_DIR_VARIABLE] || join(root, SLIDES_DIR));
  const { content } = loadContent(root, slidesDir);
  if (!content) throw new Error('the slides have errors: no speaker notes were written');
  return content.notes;
}

/**
 * Writes `{ [path]: notes }` to `file` in one rename, so the platform reading it meanwhile sees the
 * old file or the new one, never half of one; owner-readable only (it is for admins' eyes).
 */
export function writeSpeakerNotes(file: string, notes: Record<string, string>): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(notes, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
}
