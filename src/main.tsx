import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadSlide, slideAtPath } from './deck/slideRegistry.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/slide.css';
import './styles/cards.css';
import './styles/brands.css';

// Load the first page's body before the first render, so it never shows a loading state.
const first = slideAtPath(window.location.pathname);
const ready = first ? loadSlide(first.name).catch(() => undefined) : Promise.resolve();
void ready.then(() => {
  createRoot(document.getElementById('root')!).render(<App />);
});
