import type { AgreementText } from '../../schemas/agreement.ts';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { NOTES_DIR, NOTES_FILE } from '../../schemas/presentingPaths.ts';
import type { LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import { ledgerSnapshot } from '../content/ledgerSnapshot.ts';
import { loadContent, SLIDES_DIR } from '../content/loadContent.ts';
import { SLIDES_DIR_VARIABLE } from '../content/slideRegistryPlugin.ts';

/** Where a build into `outDir` keeps the speaker notes: NOTES_DIR beside it, never inside it. */
export function notesFileFor(root: string, outDir = 'dist'): string {
  return join(dirname(resolve(root, outDir)), NOTES_DIR, NOTES_FILE);
}

/**
 * What the server gets of the slides the build reads (the same folder as slideRegistryPlugin) and no
 * viewer may fetch: the speaker notes by path, and the figures ledger (deck versions read it too).
 */
export function readServerContent(root: string): { notes: Record<string, string>; ledger: LedgerSnapshot; agreement: AgreementText | null } {
  const slidesDir = resolve(root, process.env[SLIDES_DIR_VARIABLE] || join(root, SLIDES_DIR));
  const { content } = loadContent(root, slidesDir);
  if (!content) throw new Error('the slides have errors: no speaker notes or figures ledger were written');
  return { notes: content.notes, ledger: ledgerSnapshot(content), agreement: content.agreement ?? null };
}

/**
 * Writes a JSON file (the speaker notes `{ [path]: notes }`, the figures ledger) in one rename, so the
 * platform reading it meanwhile sees the old file or the new one, never half of one; owner-readable
 * only (it is for the server's and admins' eyes).
 */
export function writeServerFile(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
}
