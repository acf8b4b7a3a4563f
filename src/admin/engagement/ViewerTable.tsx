import { memo } from 'react';
import { durationText } from '../../../schemas/durationText.ts';
import { deviceLabel } from './durationText.ts';
import { EmailText } from '../EmailText.tsx';
import type { Engagement, SlideRef, ViewerEngagement } from './engagement.ts';
import { RelativeTime } from '../TimeText.tsx';
import { useStagedRows } from './useStagedRows.ts';
import { progressText } from './ViewerDetail.tsx';
import { AdminTable } from '../AdminTable.tsx';
import type { VersionName } from '../versions/versionNames.ts';
import { VersionLabel } from '../versions/VersionLabel.tsx';

interface ViewerTableProps {
  engagement: Engagement;
  chosenId: string | undefined;
  onChoose(id: string): void;
  now: Date;
  /** The deck's versions by id; with none, and no viewer's record naming one, there is no version column. */
  versionNames: ReadonlyMap<string, VersionName>;
  /**
   * The version each viewer last saw, over every version, where `engagement` is one version's
   * records only (whose newest record is always of that version); else each row's own.
   */
  lastSeen?: ReadonlyMap<string, string | null> | undefined;
}

/** Every viewer, most recently active first (drawn in two stages, useStagedRows); choosing one shows their detail beside. */
export function ViewerTable({ engagement, chosenId, onChoose, now, versionNames, lastSeen }: ViewerTableProps) {
  const { viewers, slides, deckLength } = engagement;
  const drawn = useStagedRows(viewers.length);
  const lastVersionOf = (row: ViewerEngagement) => (lastSeen ? (lastSeen.get(row.id) ?? null) : row.lastVersion);
  const versioned = versionNames.size > 0 || viewers.some((row) => lastVersionOf(row) !== null);
  return (
    <AdminTable
      id="engagement-viewers-caption"
      caption={`Viewers (${viewers.length}), most recently active first`}
      columns={[
        'Viewer',
        { label: 'Visits', number: true },
        'Last active',
        ...(versioned ? ['Last version seen'] : []),
        'Device',
        'How far',
        { label: 'Time', number: true },
      ]}
      wrapClassName="engagement-viewers"
    >
      {viewers.slice(0, drawn).map((row) => (
        <ViewerRow
          key={row.id}
          row={row}
          chosen={row.id === chosenId}
          onChoose={onChoose}
          slides={slides}
          deckLength={deckLength}
          now={now}
          lastVersion={versioned ? lastVersionOf(row) : undefined}
          versionNames={versionNames}
        />
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
  /** The version they last saw (null: their newest record has none); undefined: no version column. */
  lastVersion: string | null | undefined;
  versionNames: ReadonlyMap<string, VersionName>;
}

/** One viewer's row; memoised, so choosing another viewer draws two rows, not all of them. */
const ViewerRow = memo(function ViewerRow({ row, chosen, onChoose, slides, deckLength, now, lastVersion, versionNames }: ViewerRowProps) {
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
      {lastVersion === undefined ? null : (
        <td data-version={lastVersion ?? ''}>
          <VersionLabel id={lastVersion} names={versionNames} />
        </td>
      )}
      <td>{deviceLabel(row.device)}</td>
      <td>{progressText(row, slides, deckLength)}</td>
      <td className="admin-table__number">{durationText(row.totalMs)}</td>
    </tr>
  );
});
