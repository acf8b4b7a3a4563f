import type { Card } from '../../schemas/card.ts';
import { formatUsd, formatUsdRange } from '../../schemas/formatUsd.ts';
import { inGroup, useSlide } from './SlideContext.tsx';
import { SlideLink } from './SlideLink.tsx';

/** Highlight, problem and feature cards of one group, on the card grid. */
export function Cards({ group, columns = 3 }: { group?: string; columns?: 2 | 3 | 4 }) {
  const cards = inGroup(useSlide().records.cards, group);
  return (
    <ul className={`card-grid card-grid--${columns}`} role="list">
      {cards.map((card) => (
        <li className="card" key={card.title}>
          <CardBody card={card} />
        </li>
      ))}
    </ul>
  );
}

function CardBody({ card }: { card: Card }) {
  const figure = card.value ?? (card.usd !== undefined ? formatUsd(card.usd) : card.usdRange && formatUsdRange(card.usdRange));
  return (
    <>
      {(card.code || card.icon) && <span className="card__code">{card.code ?? card.icon}</span>}
      {figure && <span className="card__value">{figure}</span>}
      <h3 className="card__title">{card.link ? <SlideLink to={card.link}>{card.title}</SlideLink> : card.title}</h3>
      {card.sublabel && <p className="card__sublabel">{card.sublabel}</p>}
      {card.description && <p className="card__text">{card.description}</p>}
      {card.features && (
        <ul className="card__features">
          {card.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      {card.impact && (
        <p className="card__impact">
          <span className="visually-hidden">Impact: </span>
          {card.impact}
        </p>
      )}
    </>
  );
}
