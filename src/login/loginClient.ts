import { Base44Error, createClient, readAppParams, type Base44Client } from '../sdk/index.ts';
import { resolveAppId } from './loginTarget.ts';

/** The one client of the sign-in page, built from the address, the page's meta tag and storage. */
export function createLoginClient(): { client: Base44Client; fromUrl: string | null } {
  const params = readAppParams();
  // The local platform writes <meta name="base44-app-id"> into the pages it serves (src/platform/staticDeck.ts).
  const meta = document.querySelector('meta[name="base44-app-id"]')?.getAttribute('content') ?? null;
  const appId = resolveAppId(window.location.search, meta, params.appId);
  const client = createClient({ serverUrl: params.serverUrl ?? '', appId });
  return { client, fromUrl: params.fromUrl };
}

/** A sentence for the person at the form, from whatever a call rejected with. */
export function describeError(error: unknown): string {
  if (error instanceof Base44Error) {
    if (error.status === 429) return error.message || 'Too many attempts. Wait a few minutes and try again.';
    if (error.status === undefined) return 'The server could not be reached. Check your connection and try again.';
    return error.message || 'Something went wrong. Try again.';
  }
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}
