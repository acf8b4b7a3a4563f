import { useEffect, useState } from 'react';

type MotionModule = typeof import('./SlideMotion.tsx');

let pending: Promise<MotionModule> | undefined;
let loaded: MotionModule | undefined;

/**
 * framer-motion only matters once the visitor moves, so it loads on the first key press, click or
 * touch instead of with the first page (it would double the first visit's script).
 */
export function useMotionModule(target?: Window): MotionModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return undefined;
    const on = target ?? window;
    const events = ['keydown', 'pointerdown', 'touchstart'] as const;
    const start = () => {
      stop();
      pending ??= import('./SlideMotion.tsx').then((result) => (loaded = result));
      void pending.then(setModule, () => undefined);
    };
    const stop = () => events.forEach((name) => on.removeEventListener(name, start, true));
    events.forEach((name) => on.addEventListener(name, start, { capture: true, passive: true }));
    return stop;
  }, [module, target]);
  return module;
}
