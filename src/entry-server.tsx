// The prerender's entry (a second, SSR build): renders any route to static HTML.
import { renderToString } from 'react-dom/server';
import { App } from './app/App.tsx';
import { pageTitle } from './deck/pageTitle.ts';
import { allSlides, loadSlide } from './deck/slideRegistry.ts';

export { allSlides, pageTitle };

/** The HTML of one route, after its slide body has loaded (prerendering never shows a loading state). */
export async function renderRoute(path: string): Promise<string> {
  const slide = allSlides.find((entry) => entry.path === path);
  if (slide) await loadSlide(slide.name);
  return renderToString(<App router={{ ssrPath: path }} />);
}
