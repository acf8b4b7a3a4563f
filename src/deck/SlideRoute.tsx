import { SlidePage } from '../components/SlidePage.tsx';
import type { SlideMeta } from './slideRegistry.ts';
import { useSlideModule } from './useSlideModule.ts';

/** A route's page, once its lazily loaded body is at hand. */
export function SlideRoute({ slide }: { slide: SlideMeta }) {
  const module = useSlideModule(slide.name);
  if (!module) return <p className="slide-loading" role="status">Loading {slide.label}…</p>;
  return <SlidePage slide={slide} module={module} />;
}
