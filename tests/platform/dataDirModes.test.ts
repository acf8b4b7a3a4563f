// prepareDataDir walks DATA_DIR while other processes change it: a second `npm start` takes over a
// stale lock (server.json removed, written again, temporary files linked and deleted) at the moment
// the first one checks the folder's modes. An entry gone between the listing and its look is no error.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../src/platform/db/dataDirModes.ts';

const work = mkdtempSync(join(tmpdir(), 'datadir-modes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('prepareDataDir on a folder another process is changing', () => {
  it('skips files and folders that vanish during the walk, and still refuses an open file', async () => {
    const dir = join(work, 'churn');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'server.json'), '{}', { mode: 0o600 });
    // Another process creates and deletes owner-only files and folders as fast as it can.
    const churn = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
         const dir = ${JSON.stringify(dir)};
         console.log('churning');
         for (let i = 0; ; i++) {
           const name = dir + '/f' + (i % 50);
           writeFileSync(name, 'x', { mode: 0o600 }); rmSync(name);
           mkdirSync(name + '.d', { mode: 0o700 }); writeFileSync(name + '.d/x', 'x', { mode: 0o600 }); rmSync(name + '.d', { recursive: true });
         }`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((done) => churn.stdout!.once('data', done));
      // Thousands of walks meet the churn mid-way; before the fix one of them threw ENOENT.
      const errors: string[] = [];
      for (let walk = 0; walk < 3000; walk++) {
        try {
          prepareDataDir(dir);
        } catch (error) {
          errors.push(String(error));
        }
      }
      expect(errors.slice(0, 3), 'a file removed mid-walk made the mode check fail').toEqual([]);
      // The walk still sees what stays: an open file is refused while the churn goes on.
      writeFileSync(join(dir, 'open.txt'), 'x');
      chmodSync(join(dir, 'open.txt'), 0o644);
      expect(() => prepareDataDir(dir)).toThrow(/open\.txt has mode 0644/);
    } finally {
      churn.kill('SIGKILL');
    }
  }, 60_000);
});
