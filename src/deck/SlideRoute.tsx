import { SlidePage } from '../components/SlidePage.tsx';
import type { SlideMeta } from './slideRegistry.ts';
import { useSlideModule } from './useSlideModule.ts';

/** A route's page; its body appears once its lazily loaded module is at hand. */
export function SlideRoute({ slide, animate }: { slide: SlideMeta; animate: boolean }) {
  return <SlidePage slide={slide} module={useSlideModule(slide.name)} animate={animate} />;
}
