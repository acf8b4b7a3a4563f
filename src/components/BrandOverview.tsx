import { BrandMark } from './BrandMark.tsx';
import { INVESTMENT_ASK } from './brandText.ts';
import { BrandValuation } from './BrandValuation.tsx';
import { FigureText } from './FigureText.tsx';
import { useContext } from 'react';
import { SlideContext, useBrand } from './SlideContext.tsx';
import { DomainName } from './DomainName.tsx';

/** A brand page's fact row: domain, valuation range and the investment ask. */
export function BrandOverview({ id }: { id?: string }) {
  // Read unconditionally (hooks keep their order); outside a slide only an explicit id names the brand.
  const slide = useContext(SlideContext);
  const brandId = id ?? slide?.records.brand;
  const brand = useBrand(brandId ?? '');
  return (
    <ul className="fact-row" role="list" style={{ '--brand': brand.colour } as React.CSSProperties}>
      <li className="fact fact--domain">
        <BrandMark brand={brand} />
        {brand.domain ? (
          <>
            <span className="fact__label">Domain</span>
            <span className="fact__value">
              <DomainName domain={brand.domain} />
            </span>
            <span className="fact__note">
              {brand.status}
              {brand.stage ? ` · ${brand.stage}` : ''}
            </span>
          </>
        ) : (
          // No address to show while its setting is a sample (src/content/sampleStandIns.ts): the stage instead.
          <>
            <span className="fact__label">Status</span>
            <span className="fact__value">{brand.status}</span>
            {brand.stage && <span className="fact__note">{brand.stage}</span>}
          </>
        )}
      </li>
      <li className="fact">
        <span className="fact__label">Valuation range</span>
        <span className="fact__value">
          <BrandValuation brand={brand} />
        </span>
        <span className="fact__note">
          <FigureText text={brand.role} />
        </span>
      </li>
      <li className="fact fact--ask">
        <span className="fact__label">Investment ask</span>
        <span className="fact__value fact__value--text">{INVESTMENT_ASK}</span>
      </li>
    </ul>
  );
}
