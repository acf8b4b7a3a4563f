import { AnimatePresence, domAnimation, LazyMotion, m, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * Where the arriving page's fade starts: already visible, so its heading can be read on the first
 * frame after a key press instead of a frame or two later, and still a 0.3 s fade.
 */
export const PAGE_FADE_FROM = 0.2;

/**
 * Pages fade in and out in 0.3 s; the leaving page is lifted out of the flow.
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
            initial={{ opacity: PAGE_FADE_FROM }}
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
