import { lazy, Suspense } from 'react';
import type { GateSession } from '../auth/AuthGate.tsx';
import { useToasts } from './ToastContext.tsx';

// Loaded for admins only; it opens the client's socket, which viewers never need for this.
const AdminNoticeFeed = lazy(() => import('../admin/people/AdminNoticeFeed.tsx'));

/** For admins anywhere in the deck: a toast when an access or consultation request arrives. */
export function AdminNotices({ session }: { session: GateSession }) {
  const { push } = useToasts();
  if (session.user?.role !== 'admin' || !session.client) return null;
  return (
    <Suspense fallback={null}>
      <AdminNoticeFeed client={session.client} onNotice={push} />
    </Suspense>
  );
}
