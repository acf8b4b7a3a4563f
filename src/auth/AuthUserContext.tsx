import { createContext, useContext } from 'react';

/** The signed-in user as the gate knows it; only `role` matters to the deck (spec section 6). */
export interface AuthUser {
  id?: string;
  email?: string;
  full_name?: string;
  role?: string;
}

export interface AuthUserState {
  user: AuthUser | null;
  /** Signs out; present only when the deck runs behind the platform's gate. */
  logout?: () => void;
}

/** Empty in standalone mode: no platform, no user. The gate provides the real value. */
export const AuthUserContext = createContext<AuthUserState>({ user: null });

export function useAuthUser(): AuthUserState {
  return useContext(AuthUserContext);
}
