import { lazy, Suspense, useState } from 'react';
import type { GateSession } from '../auth/AuthGate.tsx';
import { LoadingScreen } from '../auth/LoadingScreen.tsx';
import type { Base44Client } from '../sdk/index.ts';
import { tallyAskedEarly, versionsAskedEarly } from './consoleEarly.ts';

// Only admins ever load the console's chunk: a viewer's first visit stays within budget.
const AdminConsole = lazy(() => import('../admin/AdminConsole.tsx'));

type ConsoleUser = NonNullable<GateSession['user']>;

/** The console, with its engagement tally and the deck's versions asked for while its chunk loads. Loaded for admins only (AdminRoute.tsx). */
export default function ConsoleRoute({ client, user }: { client: Base44Client; user: ConsoleUser }) {
  const [tally] = useState(() => tallyAskedEarly(client));
  const [versions] = useState(() => versionsAskedEarly(client));
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminConsole client={client} user={user} tally={tally} versions={versions} />
    </Suspense>
  );
}
