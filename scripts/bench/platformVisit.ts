import type { BrowserContext } from 'playwright-core';
import { HttpClient } from './httpClient.ts';
import { createUser, type PlatformChild } from './loadRun.ts';
import { signInContext } from './signedIn.ts';

/**
 * A signed-in, admitted viewer of the local platform as a fresh browser context sees them: the
 * session cookie the sign-in set and the token the sign-in page stored. What a partner's visit
 * costs, which the standalone build's first visit (no platform client, no sign-in) does not show.
 */
export async function admittedViewer(platform: PlatformChild): Promise<(context: BrowserContext) => Promise<void>> {
  const client = new HttpClient(platform.url, 4, 30_000);
  const email = 'first-visit@bench.local';
  const password = 'first-visit-bench-password';
  await createUser(client, platform, email, password, '127.0.0.4');
  const login = await client.send('POST', `/api/apps/${platform.appId}/auth/login`, { json: { email, password }, localAddress: '127.0.0.4' });
  const token = (JSON.parse(login.body) as { access_token?: string }).access_token;
  if (login.status !== 200 || !token) throw new Error(`sign-in for the first visit: ${login.status} ${login.body}`);
  return async (context) => {
    await signInContext(context, platform.url, token);
  };
}
