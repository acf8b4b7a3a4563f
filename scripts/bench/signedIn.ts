import type { BrowserContext } from 'playwright-core';
import { TOKEN_STORAGE_KEYS } from '../../schemas/platformWire.ts';
import { SESSION_COOKIE } from '../../src/platform/identity/session.ts';

/**
 * Signs a browser context in as the platform's sign-in page leaves a browser: the session cookie it
 * set and the token it stored. The bench's pages then start signed in, without timing a sign-in.
 */
export async function signInContext(context: BrowserContext, url: string, token: string): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url }]);
  await context.addInitScript(
    ([keys, value]) => {
      for (const key of keys) localStorage.setItem(key, value);
    },
    [[...TOKEN_STORAGE_KEYS], token] as const,
  );
}
