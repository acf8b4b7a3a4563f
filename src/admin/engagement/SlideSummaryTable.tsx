import { durationText } from './durationText.ts';
import type { SlideSummary } from './engagement.ts';
import { chartLabel } from './SlideTimeChart.tsx';

/** Each slide across viewers: how many looked, total and median time, and how many stopped there. */
export function SlideSummaryTable({ bySlide, viewers }: { bySlide: readonly SlideSummary[]; viewers: number }) {
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="engagement-slides-caption" tabIndex={0}>
      <table className="admin-table engagement-slides">
        <caption id="engagement-slides-caption">
          Per slide, across {viewers} {viewers === 1 ? 'viewer' : 'viewers'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Slide</th>
            <th scope="col" className="admin-table__number">
              Viewers
            </th>
            <th scope="col" className="admin-table__number">
              Total time
            </th>
            <th scope="col" className="admin-table__number">
              Median per viewer
            </th>
            <th scope="col" className="admin-table__number">
              Stopped here
            </th>
          </tr>
        </thead>
        <tbody>
          {bySlide.map(({ slide, viewers: looked, totalMs, medianMs, stoppedHere }) => (
            <tr key={slide.path} data-path={slide.path}>
              <th scope="row">{chartLabel(slide)}</th>
              <td className="admin-table__number">{looked}</td>
              <td className="admin-table__number">{durationText(totalMs)}</td>
              <td className="admin-table__number">{durationText(medianMs)}</td>
              <td className="admin-table__number">{slide.order === null ? <span className="admin-table__muted">appendix</span> : stoppedHere}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
