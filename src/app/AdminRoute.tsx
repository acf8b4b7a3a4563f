import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { showsAdminConsole } from '../../schemas/accessPaths.ts';
import type { GateSession } from '../auth/AuthGate.tsx';
import { LoadingScreen } from '../auth/LoadingScreen.tsx';
import type { Base44Client } from '../sdk/index.ts';
import { tallyAskedEarly } from './consoleTally.ts';

// Only admins ever load the console's chunk (issue 11): a viewer's first visit stays within budget.
const AdminConsole = lazy(() => import('../admin/AdminConsole.tsx'));

type ConsoleUser = NonNullable<GateSession['user']>;

/** The console, with its engagement tally asked for while its chunk loads. */
function ConsoleRoute({ client, user }: { client: Base44Client; user: ConsoleUser }) {
  const [tally] = useState(() => tallyAskedEarly(client));
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminConsole client={client} user={user} tally={tally} />
    </Suspense>
  );
}

/** The admin console at ADMIN_PATH for admins (loaded only for them); the deck's screens otherwise. */
export function AdminRoute({ session, children }: { session: GateSession; children: ReactNode }) {
  const [location] = useLocation();
  const { user, client } = session;
  // Anyone else at ADMIN_PATH gets the deck's ordinary 404, as the platform serves them.
  if (!user || !client || !showsAdminConsole(location, user.role)) return <>{children}</>;
  return <ConsoleRoute key={user.id ?? user.email} client={client} user={user} />;
}
