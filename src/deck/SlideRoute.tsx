import { startTransition, useEffect, useState } from 'react';
import { SlidePage } from '../components/SlidePage.tsx';
import type { SlideMeta } from '../registry/slideRegistry.ts';
import { useSlideLoad } from './useSlideModule.ts';

/**
 * A route's page. After a move the heading commits on its own, at once, and the body follows in a
 * transition, so a key press never waits on a large slide. The first page renders whole: it
 * hydrates over the prerendered HTML. (Each route mounts its own SlideRoute: the transition keys it.)
 */
export function SlideRoute({ slide, animate }: { slide: SlideMeta; animate: boolean }) {
  const { module, reconnecting } = useSlideLoad(slide.name);
  const [showBody, setShowBody] = useState(!animate);
  useEffect(() => {
    if (!showBody) startTransition(() => setShowBody(true));
  }, [showBody]);
  return <SlidePage slide={slide} module={showBody ? module : undefined} animate={animate} reconnecting={reconnecting} />;
}
