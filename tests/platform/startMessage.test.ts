import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_FILE } from '../../src/platform/identity/bootstrap.ts';
import { adminLines, serviceTokenLine } from '../../src/platform/startupMessage.ts';
import { ADMIN, startTestPlatform } from './harness.ts';

// The start-up message says where the console is and how to invite from it, and where each value
// came from this run (the environment, the data folder, or generated now), never the token itself
// (a log shipped elsewhere would carry a key to every call).
const work = mkdtempSync(join(tmpdir(), 'start-message-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const readyLine = (logs: string[]) => logs.find((line) => line.startsWith('Local platform ready'))!;

describe('the start-up message', () => {
  it('says the service token was generated now on a first start, and read from the data folder on the next, never showing it', async () => {
    const dataDir = join(work, 'data');
    const first = await startTestPlatform('private_with_login', { dataDir, serviceToken: undefined, adminPassword: undefined, adminName: 'Ann Lee' });
    let token: string;
    try {
      const message = readyLine(first.logs);
      expect(message).toContain(`admin console: ${first.url}/admin`);
      expect(message).toContain('npm run invite -- EMAIL [ROLE]');
      expect(message).toContain(`service token: generated now and kept in ${join(dataDir, SERVICE_TOKEN_FILE)}`);
      expect(message).toMatch(
        new RegExp(
          `admin account created: ${ADMIN.email}, Ann Lee \\(from ADMIN_NAME\\), password \\S{16} \\(generated now and shown only this once: the first sign-in asks for a new one\\)`,
        ),
      );
      token = readFileSync(join(dataDir, SERVICE_TOKEN_FILE), 'utf8').trim();
      expect(token).toBe(first.serviceToken);
      expect(first.logs.join('\n')).not.toContain(token);
    } finally {
      await first.close();
    }
    const again = await startTestPlatform('private_with_login', { dataDir, serviceToken: undefined, adminPassword: undefined, adminName: undefined });
    try {
      const message = readyLine(again.logs);
      expect(message).toContain(
        `service token: read from ${join(dataDir, SERVICE_TOKEN_FILE)} (made at the first start; owner-only), as SERVICE_TOKEN is not set`,
      );
      expect(message).not.toContain('from SERVICE_TOKEN');
      // Nothing was created, so no password is shown; ADMIN_EMAIL, given again, is said to be unused.
      expect(message).not.toContain('admin account created');
      expect(message).toContain('ADMIN_EMAIL not used: the admin account exists already');
      expect(again.serviceToken).toBe(token);
      expect(again.logs.join('\n')).not.toContain(token);
    } finally {
      await again.close();
    }
    // A new DATA_DIR means an initdb, which takes a while on a busy machine.
  }, 180_000);

  it('says SERVICE_TOKEN and ADMIN_PASSWORD when they are what was used', async () => {
    const p = await startTestPlatform('private_with_login', { adminName: undefined });
    try {
      const message = readyLine(p.logs);
      expect(message).toContain('  service token: from SERVICE_TOKEN\n');
      expect(message).toContain(
        `admin account created: ${ADMIN.email}, no name yet (set ADMIN_NAME, or give it at the first sign-in), password from ADMIN_PASSWORD`,
      );
    } finally {
      await p.close();
    }
  }, 60_000);

  it('words each source of the service token and of the first admin', () => {
    const options = { appId: 'a', visibility: 'private_with_login' as const, dataDir: '/srv/deck' };
    expect(serviceTokenLine(options, 'environment')).toBe('service token: from SERVICE_TOKEN');
    expect(serviceTokenLine(options, 'data_folder')).toBe(
      'service token: read from /srv/deck/service-token (made at the first start; owner-only), as SERVICE_TOKEN is not set',
    );
    expect(serviceTokenLine(options, 'generated')).toBe(
      'service token: generated now and kept in /srv/deck/service-token (owner-only; read it there), or set SERVICE_TOKEN',
    );
    expect(serviceTokenLine({ ...options, dataDir: undefined }, 'generated')).toBe(
      'service token: generated for this run only and not shown; set SERVICE_TOKEN to have one you can use',
    );
    expect(adminLines(options, { appCreated: false, admin: null })).toEqual([]);
    expect(adminLines({ ...options, adminPassword: 'x', adminName: 'Ann' }, { appCreated: false, admin: null })).toEqual([
      '  ADMIN_PASSWORD, ADMIN_NAME not used: the admin account exists already (they only set up the first one); change it in the console',
    ]);
  });
});
