import { randomBytes } from 'node:crypto';
import type { PlatformOptions } from '../../src/platform/config.ts';

/** An admin with a fresh random password, for one bench platform. */
export interface BenchAdmin {
  email: string;
  password: string;
}

/**
 * What every platform the bench starts shares: a private deck on a free loopback port, a random
 * admin password and service token (nothing fixed that a stray process could use), and a quiet log.
 * `extra` adds what one run needs (a data folder, a PDF printer).
 */
export function benchPlatformOptions(appId: string, staticDir: string, extra: Partial<PlatformOptions> = {}): { options: PlatformOptions; admin: BenchAdmin } {
  const admin = { email: `admin@${appId}.bench`, password: randomBytes(16).toString('hex') };
  const options: PlatformOptions = {
    appId,
    visibility: 'private_with_login',
    port: 0,
    host: '127.0.0.1',
    adminEmail: admin.email,
    adminPassword: admin.password,
    adminName: 'Bench Owner',
    serviceToken: randomBytes(32).toString('hex'),
    staticDir,
    log: () => undefined,
    ...extra,
  };
  return { options, admin };
}

/** Signs the bench's admin in; the access token, or an error naming the status. */
export async function benchAdminToken(url: string, appId: string, admin: BenchAdmin): Promise<string> {
  const login = await fetch(`${url}/api/apps/${appId}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const token = ((await login.json()) as { access_token?: string }).access_token;
  if (!login.ok || !token) throw new Error(`admin sign-in: ${login.status}`);
  return token;
}
