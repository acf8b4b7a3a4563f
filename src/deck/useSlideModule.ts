import { useEffect, useReducer } from 'react';
import { loadedSlide, loadSlide, type SlideModule } from '../registry/slideRegistry.ts';

/** The slide's body and records: at once when already loaded (prerender, prefetch), else after loading. */
export function useSlideModule(name: string): SlideModule | undefined {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const module = loadedSlide(name);
  useEffect(() => {
    if (module) return undefined;
    let live = true;
    loadSlide(name).then(() => live && rerender(), (error: unknown) => {
      // A failed chunk load is the same fault as any uncaught error: let the error reporting see it.
      setTimeout(() => { throw error; });
    });
    return () => { live = false; };
  }, [name, module]);
  return module;
}
