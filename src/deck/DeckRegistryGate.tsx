import type { ReactNode } from 'react';
import { useDeckRegistry } from './useDeckRegistry.ts';

/** Renders its children once the deck's registry has loaded, `loading` until then. */
export function DeckRegistryGate({ children, loading = null }: { children: ReactNode; loading?: ReactNode }) {
  return <>{useDeckRegistry() ? children : loading}</>;
}
