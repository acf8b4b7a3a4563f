import { chartLabel } from './SlideTimeChart.tsx';
import type { Engagement } from './engagement.ts';
import { csvField } from './viewsCsv.ts';

// The totals an owner puts in a report, as CSV (RFC 4180, CRLF, formula-safe cells as the raw
// records' and the audit log's): one row per person, one row per slide, from the console's sums.

function csv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${[header.join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\r\n')}\r\n`;
}

/** Per person: visits, total time, how far they read, when and on what they were last active, the version they last saw. */
export function personTotalsCsv(engagement: Engagement): string {
  return csv(
    ['viewer_email', 'viewer_id', 'visits', 'total_ms', 'slides_seen', 'deck_length', 'furthest_slide', 'last_active_at', 'device', 'last_version'],
    engagement.viewers.map((viewer) => [
      viewer.email,
      viewer.id,
      viewer.visits.length,
      viewer.totalMs,
      viewer.seen,
      engagement.deckLength,
      viewer.furthest >= 0 ? chartLabel(engagement.slides[viewer.furthest]!) : '',
      viewer.lastAt,
      viewer.device,
      viewer.lastVersion,
    ]),
  );
}

/** Per slide: how many viewers looked, total and median time, how many stopped there (blank for the appendix). */
export function slideTotalsCsv(engagement: Engagement): string {
  return csv(
    ['path', 'slide', 'order', 'viewers', 'total_ms', 'median_ms', 'stopped_here'],
    engagement.bySlide.map((entry) => [
      entry.slide.path,
      entry.slide.label,
      entry.slide.order,
      entry.viewers,
      entry.totalMs,
      Math.round(entry.medianMs),
      entry.slide.order === null ? null : entry.stoppedHere,
    ]),
  );
}
