import { useMemo } from 'react';
import type { SlideMeta, SlideModule } from '../registry/slideRegistry.ts';
import { FigureText } from './FigureText.tsx';
import { SlideContext, type SlideContextValue } from './SlideContext.tsx';

/** The page heading's id: the skip link, the focus after a move and header figures' notes point at it. */
const TITLE_ID = 'slide-title';

/**
 * One page: the header from the registry's metadata at once, the MDX body with the slide's records
 * in context as soon as its lazily loaded module is at hand, then the source notes of its figures.
 */
export function SlidePage({
  slide,
  module,
  animate = false,
  reconnecting = false,
}: {
  slide: SlideMeta;
  module?: SlideModule;
  animate?: boolean;
  /** The body failed to load and is being tried again: say so rather than show a blank page. */
  reconnecting?: boolean;
}) {
  // One book of source notes per page and module: the numbers follow the order the page draws its figures.
  // Its code comes with the slide's chunk, and only when a figure of the slide has a source.
  const context = useMemo<SlideContextValue | null>(() => {
    if (!module) return null;
    const code = module.sourceNotes;
    const notes = code && { book: new code.SourceNoteBook(module.figures, module.sources, module.headerFigures, TITLE_ID), FigureMarker: code.FigureMarker };
    return { slide, records: module.records, brands: module.brands, figures: module.figures, ...(notes && { notes }) };
  }, [slide, module]);
  const Notes = module?.sourceNotes?.SourceNotes;
  // The provider is always there, so the article is never re-created when the body arrives.
  return (
    <SlideContext.Provider value={context}>
      <article className={`slide slide--${slide.layout}${animate ? ' slide--enter' : ''}`} aria-labelledby={TITLE_ID}>
        <header className="slide__header">
          {slide.eyebrow && <p className="eyebrow">{slide.eyebrow}</p>}
          <h1 id={TITLE_ID} className="slide__title" tabIndex={-1}>
            {slide.title}
          </h1>
          {module?.tagline && (
            <p className="slide__tagline">
              <FigureText text={module.tagline} />
            </p>
          )}
        </header>
        {module ? (
          <SlideBody module={module} />
        ) : (
          <div className="slide__body" aria-busy="true">
            {reconnecting && (
              <p className="slide__tagline" role="status">
                Reconnecting… This page appears as soon as the connection is back.
              </p>
            )}
          </div>
        )}
        {Notes && <Notes />}
      </article>
    </SlideContext.Provider>
  );
}

function SlideBody({ module }: { module: SlideModule }) {
  const Body = module.default;
  return (
    <div className="slide__body">
      <Body components={module.components} />
    </div>
  );
}
