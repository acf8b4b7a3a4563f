import { useEffect, useReducer, useState } from 'react';
import { loadedSlide, loadSlide, type SlideModule } from '../registry/slideRegistry.ts';

/** How long to wait before each new try at a slide that failed to load. */
export const RELOAD_DELAY_MS = 2000;

/** A slide's body and records, and whether loading them failed and is being tried again. */
export interface SlideLoad {
  module: SlideModule | undefined;
  /** The body could not be fetched (the server or the network is down): it is tried again until it comes. */
  reconnecting: boolean;
}

/**
 * The slide's body and records: at once when already loaded (prerender, prefetch), else after
 * loading. A failed load is tried again every RELOAD_DELAY_MS, so a page turned while the server was
 * down fills in once it is up instead of staying blank.
 */
export function useSlideLoad(name: string): SlideLoad {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const [reconnecting, setReconnecting] = useState(false);
  const module = loadedSlide(name);
  useEffect(() => {
    if (module) {
      setReconnecting(false);
      return undefined;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failed = false;
    const attempt = () => {
      loadSlide(name).then(
        () => live && rerender(),
        (error: unknown) => {
          if (!live) return;
          // The first failure is a fault like any uncaught error: the error reporting sees it once.
          if (!failed)
            setTimeout(() => {
              throw error;
            });
          failed = true;
          setReconnecting(true);
          timer = setTimeout(attempt, RELOAD_DELAY_MS);
        },
      );
    };
    attempt();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name, module]);
  return { module, reconnecting: reconnecting && !module };
}

/** The slide's body and records, once they are here. */
export function useSlideModule(name: string): SlideModule | undefined {
  return useSlideLoad(name).module;
}
