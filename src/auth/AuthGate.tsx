import { lazy, Suspense, type ReactNode } from 'react';
import { useToasts } from '../app/ToastContext.tsx';
import { AccessRestricted } from './AccessRestricted.tsx';
import { AppLoadError } from './AppLoadError.tsx';
import { AuthUserContext } from './AuthUserContext.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { SystemScreenFrame } from './SystemScreenFrame.tsx';
import { usePlatformSession } from './usePlatformSession.ts';

// Only a revoked viewer ever sees it, so it stays out of the first visit's bytes (issue 9, finding 9).
const AccessEnded = lazy(() => import('./AccessEnded.tsx').then((module) => ({ default: module.AccessEnded })));

/**
 * The platform's sign-in gate around the deck. Standalone (no app id) it is not there at all. On the
 * platform it runs the app start; a page the server already prerendered for this visitor stays on
 * screen while the check runs (`trustedContent`), anything else waits behind the Loading screen.
 */
export function AuthGate({ appId, trustedContent, children }: { appId: string | null; trustedContent: boolean; children: ReactNode }) {
  const { push } = useToasts();
  const { state, logout, signInAgain } = usePlatformSession(appId, (message) => push(message));
  if (!appId) return <>{children}</>;

  if (state?.phase === 'ended') {
    // Rendered instead of the deck, so React removes every slide node rather than covering them.
    return (
      <SystemScreenFrame>
        <Suspense fallback={null}>
          <AccessEnded onSignIn={() => signInAgain()} />
        </Suspense>
      </SystemScreenFrame>
    );
  }

  const signOut = () => void logout();
  const error = state?.authError;
  if (error?.type === 'user_not_registered') {
    return (
      <SystemScreenFrame>
        <AccessRestricted onLogout={signOut} />
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
  return <AuthUserContext.Provider value={{ user: state?.user ?? null, logout: signOut }}>{children}</AuthUserContext.Provider>;
}
