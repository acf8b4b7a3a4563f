// The prerender's entry (a second, SSR build): renders any route to static HTML.
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/App.tsx';
import { DeckHeaderBar } from './deck/DeckHeader.tsx';
import { NotFound } from './deck/NotFound.tsx';
import { pageTitle } from './deck/pageTitle.ts';
import { allSlides, loadDeckRegistry, loadSlide } from './registry/slideRegistry.ts';

export { pageTitle };

/** Every page, with the summaries the meta descriptions use (the server's copy of the registry has them). */
export async function deckPages(): Promise<typeof allSlides> {
  await loadDeckRegistry();
  return allSlides;
}

/** The HTML of one route, after the registry and its slide body have loaded (prerendering never shows a loading state). */
export async function renderRoute(path: string): Promise<string> {
  await loadDeckRegistry();
  const slide = allSlides.find((entry) => entry.path === path);
  if (slide) await loadSlide(slide.name);
  return renderToString(<App router={{ ssrPath: path }} />);
}

/**
 * The 404 page's HTML. Anyone may fetch it, so it holds nothing from the registry: no company name,
 * no page names. The script then renders the real 404 screen (or sends the visitor to sign in).
 */
export function renderNotFound(): string {
  return renderToString(
    <Router ssrPath="/404">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DeckHeaderBar />
      <main id="main" className="deck-main">
        <NotFound path="/404" />
      </main>
    </Router>,
  );
}
