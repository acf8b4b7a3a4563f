import { Router, type BaseLocationHook } from 'wouter';
import { BottomBar } from '../deck/BottomBar.tsx';
import { DeckHeader } from '../deck/DeckHeader.tsx';
import { DeckKeys } from '../deck/DeckKeys.tsx';
import { DeckScreens } from '../deck/DeckScreens.tsx';
import type { PageLayout } from '../deck/PageLayout.tsx';
import { RouteEffects } from '../deck/RouteEffects.tsx';
import { FrameUrlReporter } from './FrameUrlReporter.tsx';

export interface AppProps {
  /** wouter's router options: `ssrPath` for the prerender, `hook` for tests (memory location). */
  router?: { hook?: BaseLocationHook; ssrPath?: string; searchHook?: () => string };
  /** The optional layout around every page (spec section 2). */
  Layout?: PageLayout;
}

/** The root: the deck's frame around the current screen, and the shell's listeners. */
export function App({ router = {}, Layout }: AppProps) {
  return (
    <Router {...router}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DeckHeader />
      <main id="main" className="deck-main">
        <DeckScreens Layout={Layout} />
      </main>
      <BottomBar />
      <RouteEffects />
      <DeckKeys />
      <FrameUrlReporter />
    </Router>
  );
}
