import { useEffect, useState } from 'react';

type MotionModule = typeof import('./SlideMotion.tsx');

let pending: Promise<MotionModule> | undefined;
let loaded: MotionModule | undefined;

/**
 * framer-motion only matters from the second move on (the first renders plain: SlideTransition), so
 * it loads once `wanted` (the first move has rendered) and after that move's frame is painted: loaded
 * with the first page it would double the first visit's script, and parsed during the first move it
 * would hold that move's heading back.
 */
export function useMotionModule(wanted: boolean): MotionModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module || !wanted) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // The frame callback runs before the paint; the timer after it.
      timer = setTimeout(() => {
        pending ??= import('./SlideMotion.tsx').then((result) => (loaded = result));
        void pending.then(setModule, () => undefined);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [module, wanted]);
  return module;
}
