import { useId } from 'react';
import { AdminTable } from '../AdminTable.tsx';
import { type DayTotals, dayLabel } from './dailySeries.ts';
import { durationText } from '../../../schemas/durationText.ts';
import { useWidth } from './SlideTimeChart.tsx';

const HEIGHT = 96;
const TOP = 4;
const AXIS = 1;

interface DailyBarsProps {
  series: readonly DayTotals[];
  value: (day: DayTotals) => number;
  text: (value: number) => string;
  title: string;
  description: string;
  width: number;
}

// One measure per day as columns, drawn in pixels at the box's width: the largest value written above
// it as text that wraps on a phone, the first, middle and last days under it. An image to assistive
// technology, named and described in words; its numbers are in the table below it.
function DailyBars({ series, value, text, title, description, width }: DailyBarsProps) {
  const id = useId();
  const values = series.map(value);
  const max = Math.max(0, ...values);
  const slot = width / Math.max(1, series.length);
  const bar = Math.max(1, Math.min(28, slot - 2));
  const marks = [...new Set([0, Math.floor((series.length - 1) / 2), series.length - 1])];
  return (
    <div className="engagement-daily__measure">
      <p className="engagement-daily__label" aria-hidden="true">
        {max > 0 ? `${title}: at most ${text(max)} a day` : `${title}: none`}
      </p>
      <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} width={width} height={TOP + HEIGHT + AXIS} className="engagement-chart__svg">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1={0} x2={width} y1={TOP + HEIGHT + 0.5} y2={TOP + HEIGHT + 0.5} className="engagement-daily__axis" />
        {values.map((amount, i) => {
          const height = max > 0 && amount > 0 ? Math.max(2, Math.round((amount / max) * HEIGHT)) : 0;
          return height > 0 ? (
            <rect
              key={series[i]!.day}
              x={Math.round(i * slot + (slot - bar) / 2)}
              y={TOP + HEIGHT - height}
              width={bar}
              height={height}
              rx={2}
              className="engagement-daily__bar"
            />
          ) : null;
        })}
      </svg>
      <p className="engagement-daily__days" aria-hidden="true">
        {marks.map((i) => (
          <time key={i} dateTime={series[i]!.day}>
            {dayLabel(series[i]!.day)}
          </time>
        ))}
      </p>
    </div>
  );
}

/** "on 4 Dec" for the busiest day of a measure, or nothing when every day is zero. */
function busiest(series: readonly DayTotals[], value: (day: DayTotals) => number): DayTotals | null {
  return series.reduce<DayTotals | null>((best, day) => (value(day) > 0 && (!best || value(day) > value(best)) ? day : best), null);
}

/**
 * Visits and reading time per day (the deck's, or one person's): two column charts over the same days,
 * and their numbers as a table under "Numbers per day".
 */
export function DailyChart({ series, who, captionId }: { series: readonly DayTotals[]; who: string; captionId: string }) {
  const [box, width] = useWidth();
  const visits = series.reduce((sum, day) => sum + day.visits, 0);
  const ms = series.reduce((sum, day) => sum + day.ms, 0);
  const span = `the last ${series.length} days`;
  const mostVisits = busiest(series, (day) => day.visits);
  const mostTime = busiest(series, (day) => day.ms);
  return (
    <div className="engagement-daily">
      <div ref={box} className="engagement-chart">
        <DailyBars
          series={series}
          value={(day) => day.visits}
          text={(value) => `${value} ${value === 1 ? 'visit' : 'visits'}`}
          title={`Visits per day, ${who}`}
          description={
            mostVisits ? `${visits} visits over ${span}; the most, ${mostVisits.visits}, on ${dayLabel(mostVisits.day)}.` : `No visits over ${span}.`
          }
          width={width}
        />
        <DailyBars
          series={series}
          value={(day) => day.ms}
          text={durationText}
          title={`Reading time per day, ${who}`}
          description={
            mostTime
              ? `${durationText(ms)} over ${span}; the most, ${durationText(mostTime.ms)}, on ${dayLabel(mostTime.day)}.`
              : `No reading time over ${span}.`
          }
          width={width}
        />
      </div>
      <details className="engagement-daily__numbers">
        <summary>Numbers per day</summary>
        <AdminTable
          id={captionId}
          caption={`Visits and reading time per day, ${who}`}
          columns={['Day', { label: 'Visits', number: true }, { label: 'Reading time', number: true }]}
        >
          {series.map((day) => (
            <tr key={day.day} data-day={day.day}>
              <th scope="row">
                <time dateTime={day.day}>{dayLabel(day.day)}</time>
              </th>
              <td className="admin-table__number">{day.visits}</td>
              <td className="admin-table__number">{durationText(day.ms)}</td>
            </tr>
          ))}
        </AdminTable>
      </details>
    </div>
  );
}
