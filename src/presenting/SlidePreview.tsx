import { useEffect, useRef } from 'react';
import { SlidePage } from '../components/SlidePage.tsx';
import { CANVAS, fitSlidesIn, SCALE_PROPERTY } from '../deck/present/presentCanvas.ts';
import { useSlideModule } from '../deck/useSlideModule.ts';
import type { SlideMeta } from '../registry/slideRegistry.ts';
import '../deck/present/present.css';

/** The preview's frame has a 1 px border each side (presenting.css), outside the canvas. */
const FRAME_BORDERS = 2;

/** React 18 knows no `inert` prop: an empty string is passed through as the boolean attribute. */
const INERT = { inert: '' } as Record<string, string>;

/**
 * A slide as the audience sees it in present mode, whole: laid out on the same 1920×1080 canvas
 * and fitted the same way (present.css, presentCanvas.ts), then scaled to fit its box (which the
 * presenter view's layout sizes; the canvas never decides the box's size), so
 * the presenter sees a tall slide's end too (the reading view cut to 16:9 would hide it). A picture
 * for the presenter, so it is inert and hidden from assistive technology (the label beside it
 * names the slide).
 */
export function SlidePreview({ slide }: { slide: SlideMeta }) {
  const module = useSlideModule(slide.name);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // The whole canvas inside the box, however the box is shaped (letterboxed, as present mode is).
    const measure = () =>
      element.style.setProperty(
        SCALE_PROPERTY,
        String(Math.min((element.clientWidth - FRAME_BORDERS) / CANVAS.width, (element.clientHeight - FRAME_BORDERS) / CANVAS.height)),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const stopFitting = fitSlidesIn(element);
    return () => {
      stopFitting();
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={box} className="slide-preview present-preview" aria-hidden="true" {...INERT}>
      <div className="slide-frame">
        <SlidePage slide={slide} {...(module && { module })} />
      </div>
    </div>
  );
}
