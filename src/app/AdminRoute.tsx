import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { showsAdminConsole } from '../../schemas/accessPaths.ts';
import type { GateSession } from '../auth/AuthGate.tsx';
import { LoadingScreen } from '../auth/LoadingScreen.tsx';

// The console's route, its early tally request and the console itself load only for an admin at
// ADMIN_PATH: none of it rides in a viewer's first visit.
const ConsoleRoute = lazy(() => import('./ConsoleRoute.tsx'));

/** The admin console at ADMIN_PATH for admins (loaded only for them); the deck's screens otherwise. */
export function AdminRoute({ session, children }: { session: GateSession; children: ReactNode }) {
  const [location] = useLocation();
  const { user, client } = session;
  // Anyone else at ADMIN_PATH gets the deck's ordinary 404, as the platform serves them.
  if (!user || !client || !showsAdminConsole(location, user.role)) return <>{children}</>;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ConsoleRoute key={user.id ?? user.email} client={client} user={user} />
    </Suspense>
  );
}
