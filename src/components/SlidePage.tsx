import type { SlideMeta, SlideModule } from '../deck/slideRegistry.ts';
import { mdxComponents } from './mdxComponents.tsx';
import { SlideContext } from './SlideContext.tsx';

/** One page: its header from the registry and its MDX body with the slide's records in context. */
export function SlidePage({ slide, module }: { slide: SlideMeta; module: SlideModule }) {
  const Body = module.default;
  const context = { slide, records: module.records, brands: module.brands, stated: module.stated };
  return (
    <SlideContext.Provider value={context}>
      <article className={`slide slide--${slide.layout}`} aria-labelledby="slide-title">
        <header className="slide__header">
          {slide.eyebrow && <p className="eyebrow">{slide.eyebrow}</p>}
          <h1 id="slide-title" className="slide__title" tabIndex={-1}>
            {slide.title}
          </h1>
          {slide.tagline && <p className="slide__tagline">{slide.tagline}</p>}
        </header>
        <div className="slide__body">
          <Body components={mdxComponents as never} />
        </div>
      </article>
    </SlideContext.Provider>
  );
}
