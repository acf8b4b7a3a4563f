import type { Stat } from '../../schemas/stat.ts';
import { Figure } from './Figure.tsx';
import { FigureText } from './FigureText.tsx';
import { inGroup, useSlide } from './SlideContext.tsx';

/** The slide's headline figures of one group, as large numbers with their labels. */
export function Stats({ group, compact = false }: { group?: string; compact?: boolean }) {
  const stats = inGroup(useSlide().records.stats, group);
  return (
    <ul className={compact ? 'stat-grid stat-grid--compact' : 'stat-grid'} role="list">
      {stats.map((stat) => (
        <li className="stat" key={`${stat.label}${stat.figure ?? stat.value}`}>
          <span className="stat__value">
            <StatValue stat={stat} />
          </span>
          <span className="stat__label">
            <FigureText text={stat.label} />
          </span>
          {stat.sublabel && (
            <span className="stat__sublabel">
              <FigureText text={stat.sublabel} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A stat's figure from the ledger (with its prefix and suffix), or its words (`High costs`). Money typed
 * into usd or usdRange never gets past the check, so nothing here formats money.
 */
export function StatValue({ stat }: { stat: Stat }) {
  if (!stat.figure) return <>{stat.value}</>;
  return (
    <>
      {stat.prefix}
      <Figure id={stat.figure} standalone={!stat.prefix} />
      {stat.suffix}
    </>
  );
}
