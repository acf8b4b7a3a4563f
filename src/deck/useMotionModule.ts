import { useEffect, useState } from 'react';
import { MOVE_EVENTS, onFirstActivity } from './onFirstActivity.ts';

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
    return onFirstActivity(
      MOVE_EVENTS,
      () => {
        pending ??= import('./SlideMotion.tsx').then((result) => (loaded = result));
        void pending.then(setModule, () => undefined);
      },
      target ?? window,
    );
  }, [module, target]);
  return module;
}
