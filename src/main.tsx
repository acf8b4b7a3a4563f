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

// The first page's body loads before the first render, so hydration finds exactly the prerendered page.
const first = slideAtPath(window.location.pathname);
void (first ? loadSlide(first.name) : Promise.resolve()).then(
  () => {
    if (first && container.firstElementChild) {
      hydrateRoot(container, app);
    } else {
      // No prerendered page for this address (404, another spelling, the sign-in gate's shell):
      // render at once in place of the static HTML, without an empty frame in between.
      const root = createRoot(container);
      flushSync(() => root.render(app));
    }
  },
  (error: unknown) => {
    throw error;
  },
);
