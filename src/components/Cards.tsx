import type { Card } from '../../schemas/card.ts';
import { formatUsd, formatUsdRange } from '../../schemas/formatUsd.ts';
import { inGroup, useSlide } from './SlideContext.tsx';
import { SlideLink } from './SlideLink.tsx';

/**
 * Highlight, problem and feature cards of one group, on the card grid. `level` is the card titles'
 * heading level: 3 under a section's h2, 2 for cards that sit right under the page's h1 (heading order).
 */
export function Cards({ group, columns = 3, level = 3 }: { group?: string; columns?: 2 | 3 | 4; level?: 2 | 3 }) {
  const cards = inGroup(useSlide().records.cards, group);
  return (
    <ul className={`card-grid card-grid--${columns}`} role="list">
      {cards.map((card) => (
        <li className="card" key={card.title}>
          <CardBody card={card} level={level} />
        </li>
      ))}
    </ul>
  );
}

function CardBody({ card, level }: { card: Card; level: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3';
  const figure = card.value ?? (card.usd !== undefined ? formatUsd(card.usd) : card.usdRange && formatUsdRange(card.usdRange));
  return (
    <>
      {(card.code || card.icon) && <span className="card__code">{card.code ?? card.icon}</span>}
      {figure && <span className="card__value">{figure}</span>}
      <Title className="card__title">{card.link ? <SlideLink to={card.link}>{card.title}</SlideLink> : card.title}</Title>
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
