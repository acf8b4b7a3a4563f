import type { SlideMeta, SlideModule } from '../registry/slideRegistry.ts';
import { SlideContext } from './SlideContext.tsx';

/**
 * One page: the header from the registry's metadata at once, the MDX body with the slide's records
 * in context as soon as its lazily loaded module is at hand.
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
  /** The body failed to load and is being tried again: say so rather than show a blank page (issue 28). */
  reconnecting?: boolean;
}) {
  return (
    <article className={`slide slide--${slide.layout}${animate ? ' slide--enter' : ''}`} aria-labelledby="slide-title">
      <header className="slide__header">
        {slide.eyebrow && <p className="eyebrow">{slide.eyebrow}</p>}
        <h1 id="slide-title" className="slide__title" tabIndex={-1}>
          {slide.title}
        </h1>
        {module?.tagline && <p className="slide__tagline">{module.tagline}</p>}
      </header>
      {module ? (
        <SlideBody slide={slide} module={module} />
      ) : (
        <div className="slide__body" aria-busy="true">
          {reconnecting && (
            <p className="slide__tagline" role="status">
              Reconnecting… This page appears as soon as the connection is back.
            </p>
          )}
        </div>
      )}
    </article>
  );
}

function SlideBody({ slide, module }: { slide: SlideMeta; module: SlideModule }) {
  const Body = module.default;
  const context = { slide, records: module.records, brands: module.brands, stated: module.stated };
  return (
    <SlideContext.Provider value={context}>
      <div className="slide__body">
        <Body components={module.components} />
      </div>
    </SlideContext.Provider>
  );
}
