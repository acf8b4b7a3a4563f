import { lazy, Suspense, type ReactNode } from 'react';
import type { PreparedFor } from '../../schemas/accessWire.ts';
import type { Base44Client } from '../sdk/index.ts';
import { AppLoadError } from './AppLoadError.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { SystemScreenFrame } from './SystemScreenFrame.tsx';
import { usePlatformSession, type SessionLoader } from './usePlatformSession.ts';

// Only a revoked viewer ever sees it, so it stays out of the first visit's bytes.
const AccessEnded = lazy(() => import('./AccessEnded.tsx').then((module) => ({ default: module.AccessEnded })));
// Only someone nobody invited sees it (with its request form), so it loads on demand too.
const AccessRestricted = lazy(() => import('./AccessRestricted.tsx').then((module) => ({ default: module.AccessRestricted })));

/** Who the gate let in, and how they sign out (nobody, and no sign-out, in standalone mode). */
export interface GateSession {
  /** `prepared_for`: the person's own cover line, set by an admin. */
  user: { id?: string; email?: string; full_name?: string; role?: string; prepared_for?: PreparedFor | null } | null;
  logout?: () => void;
  /** The platform client once the session runs (absent in standalone mode). */
  client?: Base44Client | null;
}

export interface AuthGateProps {
  appId: string | null;
  trustedContent: boolean;
  /** Loads the session's code (only on the platform: standalone never calls it). */
  loadSession: SessionLoader;
  /** Shows a short notice (a toast in the deck); the gate takes it as a prop so it imports nothing of the app. */
  onNotice: (message: string) => void;
  /** The deck, given the session once the gate lets the visitor in. */
  children: (session: GateSession) => ReactNode;
}

/**
 * The platform's sign-in gate around the deck. Standalone (no app id) it is not there at all. On the
 * platform it runs the app start; a page the server already prerendered for this visitor stays on
 * screen while the check runs (`trustedContent`), anything else waits behind the Loading screen.
 */
export function AuthGate({ appId, trustedContent, loadSession, onNotice, children }: AuthGateProps) {
  const { state, client, logout, signInAgain, rememberEnd } = usePlatformSession(appId, onNotice, loadSession);
  if (!appId) return <>{children({ user: null })}</>;

  if (state?.phase === 'ended') {
    // Rendered instead of the deck, so React removes every slide node rather than covering them.
    return (
      <SystemScreenFrame>
        <Suspense fallback={null}>
          <AccessEnded onSignIn={() => signInAgain()} reason={state.authError?.endedBy} client={client} onReason={rememberEnd} />
        </Suspense>
      </SystemScreenFrame>
    );
  }

  const signOut = () => void logout();
  const error = state?.authError;
  if (error?.type === 'user_not_registered') {
    return (
      <SystemScreenFrame>
        <Suspense fallback={<LoadingScreen />}>
          <AccessRestricted onLogout={signOut} onRequestAccess={client ? (message) => client.access.requestAccess(message) : undefined} />
        </Suspense>
      </SystemScreenFrame>
    );
  }
  if (error && error.type !== 'auth_required') {
    return (
      <SystemScreenFrame>
        <AppLoadError message={error.message} />
      </SystemScreenFrame>
    );
  }
  const waiting = !state || state.isLoadingPublicSettings || state.isLoadingAuth || state.loginRequired;
  if (waiting && !trustedContent) {
    return (
      <SystemScreenFrame plain>
        <LoadingScreen />
      </SystemScreenFrame>
    );
  }
  return <>{children({ user: state?.user ?? null, logout: signOut, client })}</>;
}
