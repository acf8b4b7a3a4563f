import type { Brand } from '../../schemas/brand.ts';
import { BrandMark } from './BrandMark.tsx';
import { BrandValuation } from './BrandValuation.tsx';
import { Figure } from './Figure.tsx';
import { FigureMarkerLinks } from './figureMarkerLinks.ts';
import { FigureText } from './FigureText.tsx';
import { SlideLink } from './SlideLink.tsx';
import { DomainName } from './DomainName.tsx';

/**
 * An ecosystem card: name, domain, status, role, description, valuation and investment range. With
 * `page` (the brand's own page) a real link to it sits on the card beside the selecting
 * button, not inside it: each is its own stop for Tab, and a click anywhere else still selects.
 */
export function BrandCard({ brand, selected, onSelect, page }: { brand: Brand; selected?: boolean; onSelect?: () => void; page?: string | undefined }) {
  const body = (
    <>
      <span className="brand-card__head">
        <BrandMark brand={brand} />
        <span className="brand-card__name">{brand.name}</span>
      </span>
      <span className="brand-card__domain">
        <DomainName domain={brand.domain} />
      </span>
      <span className={brand.group === 'hub' ? 'badge badge--live' : 'badge'}>{brand.status}</span>
      <span className="brand-card__role">
        <FigureText text={brand.role} />
      </span>
      <span className="brand-card__text">
        <FigureText text={brand.description} />
      </span>
      <span className="brand-card__figures">
        <span>
          <span className="brand-card__figure-label">Valuation</span> <BrandValuation brand={brand} />
        </span>
        {brand.investment && (
          <span>
            <span className="brand-card__figure-label">Investment</span> <Figure id={brand.investment} />
          </span>
        )}
      </span>
    </>
  );
  const style = { '--brand': brand.colour } as React.CSSProperties;
  // The hub is not clickable; every other card selects its brand.
  if (!onSelect)
    return (
      <div className="brand-card brand-card--hub" style={style}>
        {body}
      </div>
    );
  // No link inside a button: the card's source markers are plain numbers (FigureMarkerLinks).
  const card = (
    <button type="button" className="brand-card" style={style} aria-pressed={selected} onClick={onSelect}>
      <FigureMarkerLinks.Provider value={false}>{body}</FigureMarkerLinks.Provider>
    </button>
  );
  if (!page) return card;
  return (
    <div className="brand-card-slot" style={style}>
      {card}
      <SlideLink to={page} className="brand-card__page">
        {brand.name} page<span aria-hidden="true">→</span>
      </SlideLink>
    </div>
  );
}
