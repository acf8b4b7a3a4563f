import type { Card } from '../../schemas/card.ts';
import { Figure } from './Figure.tsx';
import { FigureText } from './FigureText.tsx';
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
  const title = <FigureText text={card.title} />;
  return (
    <>
      {(card.code || card.icon) && <span className="card__code">{card.code ?? card.icon}</span>}
      {/* Money typed into usd or usdRange never gets past the check: figures come from the ledger. */}
      {(card.figure || card.value) && <span className="card__value">{card.figure ? <Figure id={card.figure} standalone /> : card.value}</span>}
      <Title className="card__title">{card.link ? <SlideLink to={card.link}>{title}</SlideLink> : title}</Title>
      {card.sublabel && (
        <p className="card__sublabel">
          <FigureText text={card.sublabel} />
        </p>
      )}
      {card.description && (
        <p className="card__text">
          <FigureText text={card.description} />
        </p>
      )}
      {card.features && (
        <ul className="card__features">
          {card.features.map((feature) => (
            <li key={feature}>
              <FigureText text={feature} />
            </li>
          ))}
        </ul>
      )}
      {card.impact && (
        <p className="card__impact">
          <span className="visually-hidden">Impact: </span>
          <FigureText text={card.impact} />
        </p>
      )}
    </>
  );
}
