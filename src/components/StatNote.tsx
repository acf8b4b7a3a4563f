import { FigureText } from './FigureText.tsx';
import { inGroup, useSlide } from './SlideContext.tsx';
import { StatValue } from './Stats.tsx';

/** One or two figures set as an aside beside a slide's main grid (the market page's satisfaction note). */
export function StatNote({ group }: { group: string }) {
  const stats = inGroup(useSlide().records.stats, group);
  return (
    <aside className="note note--strong stat-note">
      {stats.map((stat) => (
        <p className="stat-note__item" key={`${stat.label}${stat.figure ?? stat.value}`}>
          <span className="stat-note__value">
            <StatValue stat={stat} />
          </span>
          <span className="stat-note__text">
            <strong>
              <FigureText text={stat.label} />
            </strong>
            {stat.sublabel && (
              <span>
                <FigureText text={stat.sublabel} />
              </span>
            )}
          </span>
        </p>
      ))}
    </aside>
  );
}
