import { useEffect, useRef, useState } from 'react';
import type { AppStartState } from './appStart.ts';
import type { PlatformSession, startPlatformSession } from './platformSession.ts';

/** Loads the session's module; the app hands it in, so the session shares a chunk with what runs beside it. */
export type SessionLoader = () => Promise<{ startPlatformSession: typeof startPlatformSession }>;

/** The app start's state for `appId` (the SDK loads lazily), or null in standalone mode. */
export function usePlatformSession(appId: string | null, onNotice: (message: string) => void, load: SessionLoader) {
  const [state, setState] = useState<AppStartState | null>(null);
  const session = useRef<PlatformSession | null>(null);
  const notice = useRef(onNotice);
  notice.current = onNotice;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one session per app id; the loader is a module import that never changes
  useEffect(() => {
    if (!appId) return undefined;
    let stopped = false;
    void load().then(({ startPlatformSession }) => {
      if (stopped) return;
      session.current = startPlatformSession(appId, setState, (message) => notice.current(message));
    });
    return () => {
      stopped = true;
      session.current?.stop();
    };
  }, [appId]);

  return {
    state,
    client: session.current?.client ?? null,
    logout: (returnTo?: string) => session.current?.logout(returnTo),
    signInAgain: () => session.current?.signInAgain(),
    rememberEnd: (reason: string) => session.current?.rememberEnd(reason),
  };
}
