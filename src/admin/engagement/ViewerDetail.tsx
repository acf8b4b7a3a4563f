import { deviceLabel, durationText } from './durationText.ts';
import type { SlideRef, ViewerEngagement } from './engagement.ts';
import { chartLabel, SlideTimeChart } from './SlideTimeChart.tsx';
import { RelativeTime } from '../TimeText.tsx';

interface ViewerDetailProps {
  viewer: ViewerEngagement;
  slides: readonly SlideRef[];
  deckLength: number;
  now: Date;
}

/** "12 of 17 slides, furthest 14 · Market" (nothing seen: "No slides yet"). */
export function progressText(viewer: Pick<ViewerEngagement, 'seen' | 'furthest'>, slides: readonly SlideRef[], deckLength: number): string {
  if (viewer.furthest < 0) return `0 of ${deckLength} slides`;
  return `${viewer.seen} of ${deckLength} slides, furthest ${chartLabel(slides[viewer.furthest]!)}`;
}

/** One viewer: their figures, the per-slide chart with its numbers beside it, and their visits. */
export function ViewerDetail({ viewer, slides, deckLength, now }: ViewerDetailProps) {
  const captionId = `engagement-times-${viewer.id}`;
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
      </dl>
      <div className="engagement-detail__pair">
        <SlideTimeChart slides={slides} msBySlide={viewer.msBySlide} who={viewer.email} />
        <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="admin-table engagement-times">
            <caption id={captionId}>Time per slide, {viewer.email}</caption>
            <thead>
              <tr>
                <th scope="col">Slide</th>
                <th scope="col" className="admin-table__number">
                  Time
                </th>
              </tr>
            </thead>
            <tbody>
              {slides.map((slide, i) => (
                <tr key={slide.path} data-path={slide.path} data-ms={viewer.msBySlide[i] ?? 0}>
                  <th scope="row">{chartLabel(slide)}</th>
                  <td className="admin-table__number">{durationText(viewer.msBySlide[i] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="admin-table-wrap" role="region" aria-labelledby={`${captionId}-visits`} tabIndex={0}>
        <table className="admin-table">
          <caption id={`${captionId}-visits`}>Visits ({viewer.visits.length})</caption>
          <thead>
            <tr>
              <th scope="col">Began</th>
              <th scope="col">Last active</th>
              <th scope="col">Device</th>
              <th scope="col" className="admin-table__number">
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {viewer.visits.map((visit) => (
              <tr key={visit.id}>
                <td>
                  <RelativeTime iso={visit.startedAt} now={now} />
                </td>
                <td>
                  <RelativeTime iso={visit.lastAt} now={now} />
                </td>
                <td>{deviceLabel(visit.device)}</td>
                <td className="admin-table__number">{durationText(visit.ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
