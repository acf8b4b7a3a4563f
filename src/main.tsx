import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { forwardErrorsToParent } from './app/forwardErrors.ts';
import { platformAppId } from './app/platformAppId.ts';
import { loadSlide, slideAtPath } from './deck/slideRegistry.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/slide.css';
import './styles/cards.css';
import './styles/brands.css';
import './styles/content.css';

forwardErrorsToParent();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App appId={platformAppId()} trustedContent={container.firstElementChild !== null} />
  </StrictMode>
);

// A prerendered page hydrates once its body has loaded, so hydration finds exactly that page.
// Anything else renders at once in place of the static HTML, without an empty frame in between:
// a 404, another spelling of a route, or the sign-in gate's empty shell (whose slide bodies the
// platform only serves after sign-in).
const first = slideAtPath(window.location.pathname);
const render = () => {
  const root = createRoot(container);
  flushSync(() => root.render(app));
};
if (first && container.firstElementChild) {
  loadSlide(first.name).then(() => hydrateRoot(container, app), render);
} else {
  render();
}
