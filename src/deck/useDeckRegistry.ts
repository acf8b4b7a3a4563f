import { useEffect, useSyncExternalStore } from 'react';
import { isDeckRegistryLoaded, loadDeckRegistry, subscribeDeckRegistry } from '../registry/slideRegistry.ts';

/**
 * True once the deck's registry is here: at once when it already is (a prerendered page loads it
 * before hydrating), else after loading it. Only what renders past the sign-in gate calls this, so a
 * visitor the gate turns away never fetches the registry.
 */
export function useDeckRegistry(): boolean {
  const loaded = useSyncExternalStore(subscribeDeckRegistry, isDeckRegistryLoaded, isDeckRegistryLoaded);
  useEffect(() => {
    if (loaded) return;
    loadDeckRegistry().catch((error: unknown) => {
      // A failed chunk load is the same fault as any uncaught error: let the error reporting see it.
      setTimeout(() => {
        throw error;
      });
    });
  }, [loaded]);
  return loaded;
}
