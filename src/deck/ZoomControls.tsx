import { useEffect, useState } from 'react';
import { readStoredZoom, setDocumentZoom, storeZoom, ZOOM, zoomBy } from './zoom.ts';

/**
 * A-, the current percent (a reset to 100) and A+, at the top right. Each
 * button's name starts with its visible text, then says what it does, so a voice-control user can
 * say "click A minus" (WCAG 2.5.3 Label in Name).
 */
export function ZoomControls() {
  // The prerendered page is at 100%: the stored zoom applies after hydration, never during it.
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => setPercent(readStoredZoom()), []);
  useEffect(() => {
    if (percent === null) return undefined;
    storeZoom(percent);
    return setDocumentZoom(percent);
  }, [percent]);
  return <ZoomButtons percent={percent ?? ZOOM.initial} setPercent={setPercent} />;
}

function ZoomButtons({ percent, setPercent }: { percent: number; setPercent: (percent: number) => void }) {
  return (
    <div className="zoom" role="group" aria-label="Text size">
      <button
        type="button"
        className="zoom__button"
        aria-label="A- Decrease text size"
        disabled={percent <= ZOOM.min}
        onClick={() => setPercent(zoomBy(percent, -1))}
      >
        A-
      </button>
      <button
        type="button"
        className="zoom__button zoom__reset"
        aria-label={`${percent}% text size: reset to ${ZOOM.initial}%`}
        onClick={() => setPercent(ZOOM.initial)}
      >
        {percent}%
      </button>
      <button
        type="button"
        className="zoom__button"
        aria-label="A+ Increase text size"
        disabled={percent >= ZOOM.max}
        onClick={() => setPercent(zoomBy(percent, 1))}
      >
        A+
      </button>
    </div>
  );
}
