import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FolderEntry, snapshotFolder, tarEntries, tarPieces } from '../../src/platform/db/folderTar.ts';

// A backup of a PGlite folder reads the files from disk in two passes: the first while writes go
// on, the second held (no statement runs) and reading again only what changed. What the snapshot
// holds must be the folder as it was while held, whatever the first pass saw.

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (entries: FolderEntry[], name: string) => {
  const entry = entries.find((e) => e.name === name);
  return entry?.bytes ? Buffer.from(entry.bytes).toString('utf8') : undefined;
};

describe('snapshotFolder', () => {
  it('holds the folder as it is while held: files written, added or removed after the first pass included', async () => {
    dir = mkdtempSync(join(tmpdir(), 'folder-tar-'));
    mkdirSync(join(dir, 'base', '1'), { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(join(dir, 'base', '1', '112'), 'page before');
    writeFileSync(join(dir, 'gone'), 'removed later');
    writeFileSync(join(dir, 'server.json'), '{"pid":1}');
    let held = false;
    const entries = await snapshotFolder(
      dir,
      async (work) => {
        // Writes that land between the passes, some keeping the file's size: the second pass must see them.
        writeFileSync(join(dir, 'base', '1', '112'), 'page after!');
        writeFileSync(join(dir, 'PG_VERSION'), '18\n');
        writeFileSync(join(dir, 'base', '1', 'new'), 'made meanwhile');
        unlinkSync(join(dir, 'gone'));
        held = true;
        return work();
      },
      (name) => name === '/server.json',
    );
    expect(held).toBe(true);
    expect(entries.map((entry) => entry.name)).toEqual(['/PG_VERSION', '/base', '/base/1', '/base/1/112', '/base/1/new']);
    expect(text(entries, '/base/1/112')).toBe('page after!');
    expect(text(entries, '/PG_VERSION')).toBe('18\n');
    expect(text(entries, '/base/1/new')).toBe('made meanwhile');
    expect(entries.find((entry) => entry.name === '/base')?.bytes).toBeNull();
  });

  it('writes a tar whose entries read back with their names and bytes, long names included', async () => {
    dir = mkdtempSync(join(tmpdir(), 'folder-tar-'));
    const deep = join(dir, 'a'.repeat(60), 'b'.repeat(60));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'c'.repeat(40)), 'x'.repeat(1000));
    const entries = await snapshotFolder(
      dir,
      (work) => work(),
      () => false,
    );
    const tar = Buffer.concat(tarPieces(entries));
    expect(tar.byteLength % 512).toBe(0);
    const read = [...tarEntries(tar)];
    expect(read.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
    const file = read.at(-1)!;
    expect(tar.subarray(file.start + 512, file.start + 512 + 1000).toString('utf8')).toBe('x'.repeat(1000));
  });
});
