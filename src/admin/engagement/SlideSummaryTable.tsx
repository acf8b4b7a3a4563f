import { AdminTable } from '../AdminTable.tsx';
import { durationText } from '../../../schemas/durationText.ts';
import type { SlideSummary } from './engagement.ts';
import { chartLabel } from './SlideTimeChart.tsx';

/** Each slide across viewers: how many looked, total and median time, and how many stopped there. */
export function SlideSummaryTable({ bySlide, viewers }: { bySlide: readonly SlideSummary[]; viewers: number }) {
  return (
    <AdminTable
      id="engagement-slides-caption"
      caption={`Per slide, across ${viewers} ${viewers === 1 ? 'viewer' : 'viewers'}`}
      columns={['Slide', ...['Viewers', 'Total time', 'Median per viewer', 'Stopped here'].map((label) => ({ label, number: true }))]}
      className="engagement-slides"
    >
      {bySlide.map(({ slide, viewers: looked, totalMs, medianMs, stoppedHere }) => (
        <tr key={slide.path} data-path={slide.path}>
          <th scope="row">{chartLabel(slide)}</th>
          <td className="admin-table__number">{looked}</td>
          <td className="admin-table__number">{durationText(totalMs)}</td>
          <td className="admin-table__number">{durationText(medianMs)}</td>
          <td className="admin-table__number">{slide.order === null ? <span className="admin-table__muted">appendix</span> : stoppedHere}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
