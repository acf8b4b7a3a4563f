import type { ReactNode } from 'react';
import type { GateSession } from '../auth/AuthGate.tsx';
import { DeckUserContext } from '../deck/DeckUserContext.tsx';

/** Hands the admitted viewer, and what they may do through the platform, to the deck's layers. */
export function ViewerServices({ session, children }: { session: GateSession; children: ReactNode }) {
  return <DeckUserContext.Provider value={session}>{children}</DeckUserContext.Provider>;
}
