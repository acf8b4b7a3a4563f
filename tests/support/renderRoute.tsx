import { act, render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../src/app/App.tsx';
import { loadSlide, slideAtPath } from '../../src/registry/slideRegistry.ts';

/** Renders the real app at a route in happy-dom, after that route's slide body has loaded. */
export async function renderRoute(path: string) {
  const slide = slideAtPath(path);
  if (slide) await loadSlide(slide.name);
  const location = memoryLocation({ path, record: true });
  const view = render(<App router={{ hook: location.hook }} />);
  await act(async () => {});
  return { ...view, location };
}

/** The visible text of an element with runs of white space folded, as a reader sees it. */
export function textOf(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}
