import { useRef, type ReactNode } from 'react';
import { useMotionModule } from './useMotionModule.ts';

/**
 * Wraps the current page so it fades on change. The first page renders plain (it is prerendered and
 * must hydrate as it is). framer-motion arrives after the first move; switching the wrapper then
 * would remount the page and drop its focus, so fading starts with the next move.
 */
export function SlideTransition({ routeKey, children }: { routeKey: string; children: (animate: boolean) => ReactNode }) {
  const firstKey = useRef(routeKey);
  const moved = useRef(false);
  const keyWhenMotionArrived = useRef<string | null>(null);
  // Entry animations play after the first move, never on the prerendered first paint.
  if (routeKey !== firstKey.current) moved.current = true;
  const motion = useMotionModule(moved.current);
  if (motion && keyWhenMotionArrived.current === null) keyWhenMotionArrived.current = routeKey;
  if (!motion || routeKey === keyWhenMotionArrived.current) {
    return (
      <div key={routeKey} className="slide-frame" data-route={routeKey}>
        {children(moved.current)}
      </div>
    );
  }
  return <motion.SlideFade routeKey={routeKey}>{children(true)}</motion.SlideFade>;
}
