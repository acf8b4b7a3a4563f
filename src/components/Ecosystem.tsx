import { useState } from 'react';
import type { Brand, BrandGroup } from '../../schemas/brand.ts';
import { allSlides } from '../registry/slideRegistry.ts';
import { BrandCard } from './BrandCard.tsx';
import { BrandValuation } from './BrandValuation.tsx';
import { Figure } from './Figure.tsx';
import { FigureText } from './FigureText.tsx';
import { useSlide } from './SlideContext.tsx';
import { DomainName } from './DomainName.tsx';

const GROUPS: ReadonlyArray<{ group: Exclude<BrandGroup, 'hub'>; title: string }> = [
  { group: 'core', title: 'Core brands' },
  { group: 'amplifier', title: 'Amplifier brands' },
];

/**
 * The hub, the core and amplifier cards (selectable), the rest of the portfolio and the stated total:
 * `total` is the ledger figure of the total valuation (`<Ecosystem total="ecosystem.totalValuation" />`).
 */
export function Ecosystem({ total }: { total: string }) {
  const { brands } = useSlide();
  // The selected brand starts empty and is set by clicking a core or amplifier card.
  const [selectedBrand, setSelectedBrand] = useState<string | null>(null);
  const hub = brands.find((brand) => brand.group === 'hub');
  const others = brands.filter((brand) => !brand.group);
  const cardsOf = (group: BrandGroup) => brands.filter((brand) => brand.group === group);

  return (
    <div className="ecosystem">
      {hub && (
        <section className="ecosystem__hub" aria-labelledby="ecosystem-hub">
          <h2 id="ecosystem-hub" className="section-title">
            Central hub
          </h2>
          <BrandCard brand={hub} />
        </section>
      )}
      {GROUPS.map(({ group, title }) => (
        <section key={group} aria-labelledby={`ecosystem-${group}`}>
          <h2 id={`ecosystem-${group}`} className="section-title">
            {title}
          </h2>
          <ul className={`card-grid card-grid--${group === 'core' ? 4 : 3}`} role="list">
            {cardsOf(group).map((brand) => (
              <li key={brand.id}>
                <BrandCard
                  brand={brand}
                  selected={selectedBrand === brand.id}
                  onSelect={() => setSelectedBrand(brand.id)}
                  page={allSlides.find((slide) => slide.brand === brand.id)?.name}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="ecosystem-portfolio">
        <h2 id="ecosystem-portfolio" className="section-title">
          Also in the portfolio
        </h2>
        <ul className="portfolio-list" role="list">
          {others.map((brand) => (
            <PortfolioRow key={brand.id} brand={brand} />
          ))}
        </ul>
      </section>
      <p className="ecosystem__total">
        <span className="ecosystem__total-label">Total ecosystem valuation</span>
        <span className="ecosystem__total-value">
          <Figure id={total} />
        </span>
      </p>
    </div>
  );
}

function PortfolioRow({ brand }: { brand: Brand }) {
  return (
    <li style={{ '--brand': brand.colour } as React.CSSProperties}>
      <span className="portfolio-list__name">{brand.name}</span>
      <span className="portfolio-list__domain">
        <DomainName domain={brand.domain} />
      </span>
      <span className="portfolio-list__role">
        <FigureText text={brand.role} />
      </span>
      <span className="portfolio-list__value">
        <BrandValuation brand={brand} />
      </span>
    </li>
  );
}
