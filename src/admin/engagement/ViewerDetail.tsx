import { durationText } from '../../../schemas/durationText.ts';
import { deviceLabel } from './durationText.ts';
import type { SlideRef, ViewerEngagement } from './engagement.ts';
import { chartLabel, SlideTimeChart } from './SlideTimeChart.tsx';
import { RelativeTime } from '../TimeText.tsx';
import { AdminTable } from '../AdminTable.tsx';
import type { VersionName } from '../versions/versionNames.ts';
import { VersionLabel } from '../versions/VersionLabel.tsx';
import { DailyChart } from './DailyChart.tsx';
import { dailySeries } from './dailySeries.ts';

interface ViewerDetailProps {
  viewer: ViewerEngagement;
  slides: readonly SlideRef[];
  deckLength: number;
  now: Date;
  /** The deck's versions by id; with none, and none named by the viewer's records, nothing of versions shows. */
  versionNames: ReadonlyMap<string, VersionName>;
  /** The version they last saw over every version (see ViewerTable's `lastSeen`); else `viewer.lastVersion`. */
  lastVersion?: string | null | undefined;
  /** How many days their visits and reading time per day cover (ending today). */
  days?: number;
}

/** "12 of 17 slides, furthest 14 · Market" (nothing seen: "No slides yet"). */
export function progressText(viewer: Pick<ViewerEngagement, 'seen' | 'furthest'>, slides: readonly SlideRef[], deckLength: number): string {
  if (viewer.furthest < 0) return `0 of ${deckLength} slides`;
  return `${viewer.seen} of ${deckLength} slides, furthest ${chartLabel(slides[viewer.furthest]!)}`;
}

/** One viewer: their figures, the per-slide chart with its numbers beside it, and their visits. */
export function ViewerDetail({ viewer, slides, deckLength, now, versionNames, lastVersion = viewer.lastVersion, days = 30 }: ViewerDetailProps) {
  const captionId = `engagement-times-${viewer.id}`;
  const versioned = versionNames.size > 0 || lastVersion !== null || viewer.visits.some((visit) => visit.version !== null);
  return (
    <div className="engagement-detail" data-viewer={viewer.email}>
      <h3 className="admin-subheading engagement-detail__who">{viewer.email}</h3>
      <dl className="engagement-facts">
        <div>
          <dt>Total time</dt>
          <dd>{durationText(viewer.totalMs)}</dd>
        </div>
        <div>
          <dt>Visits</dt>
          <dd>{viewer.visits.length}</dd>
        </div>
        <div>
          <dt>How far</dt>
          <dd>{progressText(viewer, slides, deckLength)}</dd>
        </div>
        <div>
          <dt>Last active</dt>
          <dd>
            <RelativeTime iso={viewer.lastAt} now={now} /> on {deviceLabel(viewer.device).toLowerCase()}
          </dd>
        </div>
        {versioned ? (
          <div>
            <dt>Last version seen</dt>
            <dd>
              <VersionLabel id={lastVersion} names={versionNames} />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="engagement-detail__pair">
        <SlideTimeChart slides={slides} msBySlide={viewer.msBySlide} who={viewer.email} />
        <AdminTable
          id={captionId}
          caption={`Time per slide, ${viewer.email}`}
          columns={['Slide', { label: 'Time', number: true }]}
          className="engagement-times"
        >
          {slides.map((slide, i) => (
            <tr key={slide.path} data-path={slide.path} data-ms={viewer.msBySlide[i] ?? 0}>
              <th scope="row">{chartLabel(slide)}</th>
              <td className="admin-table__number">{durationText(viewer.msBySlide[i] ?? 0)}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
      <DailyChart series={dailySeries(viewer.visits, now, days)} who={viewer.email} captionId={`${captionId}-days`} />
      <AdminTable
        id={`${captionId}-visits`}
        caption={`Visits (${viewer.visits.length})`}
        columns={['Began', 'Last active', ...(versioned ? ['Version'] : []), 'Device', { label: 'Time', number: true }]}
      >
        {viewer.visits.map((visit) => (
          <tr key={visit.id}>
            <td>
              <RelativeTime iso={visit.startedAt} now={now} />
            </td>
            <td>
              <RelativeTime iso={visit.lastAt} now={now} />
            </td>
            {versioned ? (
              <td>
                <VersionLabel id={visit.version} names={versionNames} />
              </td>
            ) : null}
            <td>{deviceLabel(visit.device)}</td>
            <td className="admin-table__number">{durationText(visit.ms)}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
