import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_FILE } from '../../src/platform/identity/bootstrap.ts';
import { startTestPlatform } from './harness.ts';

// The start-up message says where the console is and how to invite from it, and where
// the service token is kept, never the token (a log shipped elsewhere would carry a key to every call).
const work = mkdtempSync(join(tmpdir(), 'start-message-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the start-up message', () => {
  it('names the console and how to invite, and where the generated service token is kept, without it', async () => {
    const dataDir = join(work, 'data');
    const p = await startTestPlatform('private_with_login', { dataDir, serviceToken: undefined });
    try {
      const message = p.logs.find((line) => line.startsWith('Local platform ready'))!;
      expect(message).toContain(`admin console: ${p.url}/admin`);
      expect(message).toContain('npm run invite -- EMAIL [ROLE]');
      expect(message).toContain(join(dataDir, SERVICE_TOKEN_FILE));
      const token = readFileSync(join(dataDir, SERVICE_TOKEN_FILE), 'utf8').trim();
      expect(token).toBe(p.serviceToken);
      expect(p.logs.join('\n')).not.toContain(token);
    } finally {
      await p.close();
    }
    // A new DATA_DIR means an initdb, which takes a while on a busy machine.
  }, 120_000);
});
