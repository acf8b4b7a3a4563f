import type { ReactNode } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import { BottomBar } from '../deck/BottomBar.tsx';
import { DeckHeader } from '../deck/DeckHeader.tsx';
import { DeckKeys } from '../deck/DeckKeys.tsx';
import { FRAME_BAR_SLOT_ID, NOTICE_SLOT_ID, NoticeSlot } from '../deck/DeckNotices.tsx';
import { DeckRegistryGate } from '../deck/DeckRegistryGate.tsx';
import { DeckScreens } from '../deck/DeckScreens.tsx';
import type { PageLayout } from '../deck/PageLayout.tsx';
import { RouteEffects } from '../deck/RouteEffects.tsx';
import { AuthGate, type GateSession } from '../auth/AuthGate.tsx';
import { Presenting } from '../presenting/Presenting.tsx';
import { LoadingScreen } from '../auth/LoadingScreen.tsx';
import { AdminNotices } from './AdminNotices.tsx';
import { AdminRoute } from './AdminRoute.tsx';
import { FrameUrlReporter } from './FrameUrlReporter.tsx';
import { loadPlatformViewer } from './loadPlatformViewer.ts';
import { ToastProvider, useToasts } from './ToastContext.tsx';
import { ToastRegion } from './ToastRegion.tsx';
import { ViewerServices } from './ViewerServices.tsx';
import { shownSession, viewedPerson } from './viewAs.ts';

export interface AppProps {
  /** wouter's router options: `ssrPath` for the prerender, `hook` for tests (memory location). */
  router?: { hook?: BaseLocationHook; ssrPath?: string; searchHook?: () => string };
  /** The optional layout around every page. */
  Layout?: PageLayout;
  /** The platform app the deck belongs to; null runs it standalone, with no gate and no platform call. */
  appId?: string | null;
  /** True when the server already prerendered this page for this visitor: it stays while the gate checks. */
  trustedContent?: boolean;
}

/** The root: the deck's frame around the current screen, and the shell's listeners. */
export function App({ router = {}, Layout, appId = null, trustedContent = true }: AppProps) {
  return (
    <Router {...router}>
      <ToastProvider>
        <GatedDeck appId={appId} trustedContent={trustedContent}>
          {(gate) => {
            // On an admin's "View as" page the deck is that person's (viewAs.ts).
            const session = shownSession(gate);
            return (
              <ViewerServices session={session} viewing={session === gate ? null : viewedPerson()}>
                <Presenting session={session}>
                  <a className="skip-link" href="#main">
                    Skip to content
                  </a>
                  <NoticeSlot id={FRAME_BAR_SLOT_ID} />
                  <DeckHeader />
                  <NoticeSlot id={NOTICE_SLOT_ID} />
                  <main id="main" className="deck-main">
                    {/* The console loads beside the deck's registry, not after it (it names slides once that is in). */}
                    <AdminRoute session={session}>
                      <DeckRegistryGate loading={<LoadingScreen />}>
                        <DeckScreens Layout={Layout} />
                      </DeckRegistryGate>
                    </AdminRoute>
                  </main>
                  <DeckRegistryGate>
                    <BottomBar />
                    <RouteEffects />
                    <DeckKeys />
                  </DeckRegistryGate>
                  <AdminNotices session={session} />
                </Presenting>
              </ViewerServices>
            );
          }}
        </GatedDeck>
        <ToastRegion />
        <FrameUrlReporter />
      </ToastProvider>
    </Router>
  );
}

/** The gate around the deck, wired to the toasts; the deck gets the admitted viewer's session. */
function GatedDeck({ appId, trustedContent, children }: { appId: string | null; trustedContent: boolean; children: (session: GateSession) => ReactNode }) {
  const { push } = useToasts();
  return (
    <AuthGate appId={appId} trustedContent={trustedContent} loadSession={loadPlatformViewer} onNotice={push}>
      {children}
    </AuthGate>
  );
}
