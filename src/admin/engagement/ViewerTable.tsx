import { memo } from 'react';
import { deviceLabel, durationText } from './durationText.ts';
import { EmailText } from '../EmailText.tsx';
import type { Engagement, SlideRef, ViewerEngagement } from './engagement.ts';
import { RelativeTime } from '../TimeText.tsx';
import { useStagedRows } from './useStagedRows.ts';
import { progressText } from './ViewerDetail.tsx';
import { AdminTable } from '../AdminTable.tsx';

interface ViewerTableProps {
  engagement: Engagement;
  chosenId: string | undefined;
  onChoose(id: string): void;
  now: Date;
}

/** Every viewer, most recently active first (drawn in two stages, useStagedRows); choosing one shows their detail beside. */
export function ViewerTable({ engagement, chosenId, onChoose, now }: ViewerTableProps) {
  const { viewers, slides, deckLength } = engagement;
  const drawn = useStagedRows(viewers.length);
  return (
    <AdminTable
      id="engagement-viewers-caption"
      caption={`Viewers (${viewers.length}), most recently active first`}
      columns={['Viewer', { label: 'Visits', number: true }, 'Last active', 'Device', 'How far', { label: 'Time', number: true }]}
      wrapClassName="engagement-viewers"
    >
      {viewers.slice(0, drawn).map((row) => (
        <ViewerRow key={row.id} row={row} chosen={row.id === chosenId} onChoose={onChoose} slides={slides} deckLength={deckLength} now={now} />
      ))}
    </AdminTable>
  );
}

interface ViewerRowProps {
  row: ViewerEngagement;
  chosen: boolean;
  onChoose(id: string): void;
  slides: readonly SlideRef[];
  deckLength: number;
  now: Date;
}

/** One viewer's row; memoised, so choosing another viewer draws two rows, not all of them. */
const ViewerRow = memo(function ViewerRow({ row, chosen, onChoose, slides, deckLength, now }: ViewerRowProps) {
  return (
    <tr data-viewer={row.email} className={chosen ? 'engagement-viewers__chosen' : undefined}>
      <th scope="row">
        <button type="button" className="engagement-viewers__choose" aria-pressed={chosen} onClick={() => onChoose(row.id)}>
          <EmailText email={row.email} />
        </button>
      </th>
      <td className="admin-table__number">{row.visits.length}</td>
      <td>
        <RelativeTime iso={row.lastAt} now={now} />
      </td>
      <td>{deviceLabel(row.device)}</td>
      <td>{progressText(row, slides, deckLength)}</td>
      <td className="admin-table__number">{durationText(row.totalMs)}</td>
    </tr>
  );
});
