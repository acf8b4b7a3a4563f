import { AnimatePresence, domAnimation, LazyMotion, m, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * Spec section 9: pages fade in and out in 0.3 s; the leaving page is lifted out of the flow.
 * This only ever mounts on a move (SlideTransition), so its first page fades in too.
 */
export function SlideFade({ routeKey, children }: { routeKey: string; children: ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <AnimatePresence mode="popLayout">
          <m.div
            key={routeKey}
            className="slide-frame"
            data-route={routeKey}
            initial={{ opacity: 0 }}
            animate={{ opacity: 1 }}
            exit={{ opacity: 0 }}
            transition={{ duration: 0.3, ease: 'easeOut' }}
          >
            {children}
          </m.div>
        </AnimatePresence>
      </MotionConfig>
    </LazyMotion>
  );
}
