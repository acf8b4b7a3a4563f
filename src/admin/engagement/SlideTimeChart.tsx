import { useEffect, useId, useRef, useState } from 'react';
import { durationText } from '../../../schemas/durationText.ts';
import type { SlideRef } from './engagement.ts';

interface SlideTimeChartProps {
  slides: readonly SlideRef[];
  msBySlide: readonly number[];
  /** Whose time it is, for the chart's accessible name. */
  who: string;
}

const ROW = 26;
const BAR = 16;
const GAP = 8;
const CHAR = 7.2;

/** The slide's short name in the chart: its place in the deck ("A" for the appendix) and its label. */
export function chartLabel(slide: SlideRef): string {
  return `${slide.order ?? 'A'} · ${slide.label}`;
}

/** Cuts text to about `width` px of the chart's 13 px type, with an ellipsis. */
function fitLabel(text: string, width: number): string {
  const chars = Math.max(3, Math.floor(width / CHAR));
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}

/** The drawn width, kept current as the box resizes, so the chart's type stays 13 px at any width. */
export function useWidth(): [React.RefObject<HTMLDivElement>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(480);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

/**
 * One viewer's time per slide as horizontal bars, drawn in pixels at the box's width (not scaled
 * by a viewBox). An image to assistive technology, named and described in words; the numbers are
 * in the table beside it.
 */
export function SlideTimeChart({ slides, msBySlide, who }: SlideTimeChartProps) {
  const [box, width] = useWidth();
  const id = useId();
  const max = Math.max(1, ...msBySlide);
  const labelWidth = Math.min(190, Math.round(width * 0.42));
  const valueWidth = 72;
  const barSpace = Math.max(20, width - labelWidth - valueWidth - 2 * GAP);
  const height = slides.length * ROW + 4;
  const longest = slides.reduce((best, _slide, i) => ((msBySlide[i] ?? 0) > (msBySlide[best] ?? 0) ? i : best), 0);
  const viewed = msBySlide.filter((ms) => ms > 0).length;
  const description =
    viewed === 0
      ? 'No time recorded on any slide.'
      : `Time on ${viewed} of ${slides.length} pages; the longest on ${slides[longest]!.label} (${durationText(msBySlide[longest]!)}).`;
  return (
    <div ref={box} className="engagement-chart">
      <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} width={width} height={height} className="engagement-chart__svg">
        <title id={`${id}-title`}>Time per slide, {who}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {slides.map((slide, i) => {
          const ms = msBySlide[i] ?? 0;
          const y = i * ROW + 2;
          const bar = ms > 0 ? Math.max(2, Math.round((ms / max) * barSpace)) : 0;
          return (
            <g key={slide.path}>
              <text x={0} y={y + BAR - 3} className="engagement-chart__label">
                {fitLabel(chartLabel(slide), labelWidth)}
              </text>
              <rect
                x={labelWidth + GAP}
                y={y}
                width={bar}
                height={BAR}
                rx={3}
                className={slide.order === null ? 'engagement-chart__bar engagement-chart__bar--appendix' : 'engagement-chart__bar'}
              />
              <text x={labelWidth + GAP + bar + 6} y={y + BAR - 3} className="engagement-chart__value">
                {ms > 0 ? durationText(ms) : '—'}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
