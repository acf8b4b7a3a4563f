import { createContext, useContext, type ReactNode } from 'react';

/** The signed-in user as the deck sees it; only `role` and `email` matter to it. */
export interface DeckUser {
  id?: string;
  email?: string;
  full_name?: string;
  role?: string;
}

/** A password change as the account menu's dialog sends it. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** Who is viewing, how to sign out, and what the account menu may do; the root fills it from the sign-in gate. */
export interface DeckUserState {
  user: DeckUser | null;
  /** Signs out; present only when the deck runs behind the platform's gate. */
  logout?: () => void;
  /** Changes the viewer's password (the session carries on with a fresh token); rejects with a FormError. */
  changePassword?: (change: PasswordChange) => Promise<void>;
  /** Where the viewer's stamped PDF downloads from; present only while the deck's owners offer it. */
  downloadPdf?: string;
  /** An admin's presenting controls for the header (src/presenting); absent for everyone else. */
  presentingControls?: ReactNode;
  /** Opens the question form for the page on screen; present only for a signed-in viewer on the platform. */
  askQuestion?: () => void;
  /** How this person enters present mode when it is not simply entered (an admin is asked who it is for first). */
  startPresenting?: () => void;
}

/** Empty in standalone mode: no platform, no user. The root provides the gate's value. */
export const DeckUserContext = createContext<DeckUserState>({ user: null });

/** The viewer the root put in context. */
export function useDeckUser(): DeckUserState {
  return useContext(DeckUserContext);
}
