import { useEffect, useRef, useState } from 'react';
import { SlidePage } from '../components/SlidePage.tsx';
import { useSlideModule } from '../deck/useSlideModule.ts';
import type { SlideMeta } from '../registry/slideRegistry.ts';

/** The width a preview lays the slide out at before scaling it down (the reading view at 1280 wide). */
const STAGE_WIDTH = 1280;

/** React 18 knows no `inert` prop: an empty string is passed through as the boolean attribute. */
const INERT = { inert: '' } as Record<string, string>;

/**
 * A slide as the audience sees it, scaled to fit its box: a picture for the presenter, so it is
 * inert and hidden from assistive technology (the label beside it names the slide).
 */
export function SlidePreview({ slide }: { slide: SlideMeta }) {
  const module = useSlideModule(slide.name);
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useEffect(() => {
    const box = frame.current;
    if (!box) return undefined;
    const measure = () => setScale(box.clientWidth / STAGE_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={frame} className="slide-preview" aria-hidden="true" {...INERT}>
      <div className="slide-preview__stage" style={{ width: STAGE_WIDTH, transform: `scale(${scale})` }}>
        <SlidePage slide={slide} {...(module && { module })} />
      </div>
    </div>
  );
}
