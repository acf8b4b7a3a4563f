import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { forwardErrorsToParent } from './app/forwardErrors.ts';
import { platformAppId } from './app/platformAppId.ts';
import { loadDeckRegistry, loadSlide } from './registry/slideRegistry.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/slide.css';
import './styles/cards.css';
import './styles/brands.css';
import './styles/content.css';
import './styles/viewer.css';

forwardErrorsToParent();

const container = document.getElementById('root')!;
// The prerender marks a slide's page with the slide's name (src/build/prerender.ts); the gate shell and
// the 404 page carry none, and this script knows no page names of its own: they come with the registry.
const prerenderedSlide = container.dataset.slide;
const app = (trustedContent: boolean) => (
  <StrictMode>
    <App appId={platformAppId()} trustedContent={trustedContent} />
  </StrictMode>
);

// A prerendered slide page (which the platform serves only to a visitor it let in) hydrates once the
// registry and its body have loaded, so hydration finds exactly that page. Anything else renders at
// once in place of the static HTML: the 404 page, another spelling of a route, or the sign-in gate's
// empty shell. There the deck waits for the sign-in gate before it fetches the registry.
const render = () => {
  const root = createRoot(container);
  flushSync(() => root.render(app(false)));
};
if (prerenderedSlide) {
  loadDeckRegistry()
    .then(() => loadSlide(prerenderedSlide))
    .then(() => hydrateRoot(container, app(true)), render);
} else {
  render();
}
