import { APP_ID_META, paramStorageKey } from '../../schemas/platformWire.ts';

/** The build-time default app id (`VITE_BASE44_APP_ID`), if the deck was built for the platform. */
const BUILD_APP_ID: string | undefined = import.meta.env.VITE_BASE44_APP_ID;

/**
 * Whether the deck runs on the platform, and as which app: `?app_id=`, the `base44-app-id` meta tag
 * the local platform writes into the pages it serves, the build-time default, then local storage
 * (in that order). Null means standalone: no gate and no platform call at all.
 * Kept free of the SDK so the standalone first visit loads none of it.
 */
export function platformAppId(doc: Document = document, storage: Storage | null = safeStorage()): string | null {
  const fromUrl = new URLSearchParams(doc.location?.search ?? '').get('app_id');
  const fromMeta = doc.querySelector(`meta[name="${APP_ID_META}"]`)?.getAttribute('content');
  return fromUrl || fromMeta || BUILD_APP_ID || storage?.getItem(paramStorageKey('app_id')) || null;
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be denied (privacy settings, sandboxed frames): then there is nothing stored.
    return null;
  }
}
