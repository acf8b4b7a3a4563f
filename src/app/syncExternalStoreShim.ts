// wouter imports use-sync-external-store's shim for React 17; React 18 has the hook itself, so the
// build points the shim here (vite.config.ts) and every page ships half a kilobyte less.
export { useSyncExternalStore } from 'react';
