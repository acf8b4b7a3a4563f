import { Router } from 'wouter';
import { DeckHeader } from '../deck/DeckHeader.tsx';
import { DeckRoutes } from '../deck/DeckRoutes.tsx';

/** The root: the deck's frame around the routes. `ssrPath` lets the prerender render any route. */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router {...(ssrPath !== undefined && { ssrPath })}>
      <a className="skip-link" href="#main">Skip to content</a>
      <DeckHeader />
      <main id="main" className="deck-main">
        <DeckRoutes />
      </main>
    </Router>
  );
}
