import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { showsAdminConsole } from '../../schemas/accessPaths.ts';
import type { GateSession } from '../auth/AuthGate.tsx';
import { LoadingScreen } from '../auth/LoadingScreen.tsx';

// Only admins ever load the console's chunk (issue 11): a viewer's first visit stays within budget.
const AdminConsole = lazy(() => import('../admin/AdminConsole.tsx'));

/** The admin console at ADMIN_PATH for admins (loaded only for them); the deck's screens otherwise. */
export function AdminRoute({ session, children }: { session: GateSession; children: ReactNode }) {
  const [location] = useLocation();
  const { user, client } = session;
  // Anyone else at ADMIN_PATH gets the deck's ordinary 404, as the platform serves them.
  if (!user || !client || !showsAdminConsole(location, user.role)) return <>{children}</>;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminConsole client={client} user={user} />
    </Suspense>
  );
}
