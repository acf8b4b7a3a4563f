import { useSyncExternalStore } from 'react';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';

// Who an admin's presentation is for. While the admin presents (present mode, or followers on), the
// admin's own screen, the projector, shows that partner's name exactly as the partner's own deck does;
// the admin's presenting code (AdminPresenting) sets it, the deck's slots read it. Only the admin's
// tab holds it: followers keep their own partner, and nothing of it is sent anywhere.

/** The partner the projector shows now; undefined while the admin is not presenting (their page as served). */
let shown: ViewerPartner | undefined;
const listeners = new Set<() => void>();

/** Sets what the projector shows (undefined: the page as served again). */
export function showAudience(partner: ViewerPartner | undefined): void {
  if (partner === shown) return;
  shown = partner;
  listeners.forEach((listener) => listener());
}

/** The partner the projector shows, or undefined while not presenting. */
export function useAudience(): ViewerPartner | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
    () => undefined,
  );
}
