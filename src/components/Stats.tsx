import { formatStat } from './formatStat.ts';
import { inGroup, useSlide } from './SlideContext.tsx';

/** The slide's headline figures of one group, as large numbers with their labels. */
export function Stats({ group, compact = false }: { group?: string; compact?: boolean }) {
  const stats = inGroup(useSlide().records.stats, group);
  return (
    <ul className={compact ? 'stat-grid stat-grid--compact' : 'stat-grid'} role="list">
      {stats.map((stat) => (
        <li className="stat" key={`${stat.label}${formatStat(stat)}`}>
          <span className="stat__value">{formatStat(stat)}</span>
          <span className="stat__label">{stat.label}</span>
          {stat.sublabel && <span className="stat__sublabel">{stat.sublabel}</span>}
        </li>
      ))}
    </ul>
  );
}
