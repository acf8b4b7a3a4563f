import { memo, useMemo, useState } from 'react';
import { ENGAGEMENT_ENTITY } from '../../../schemas/engagementPaths.ts';
import type { DeckVersionList } from '../../../schemas/versionPaths.ts';
import type { Base44Client } from '../../sdk/index.ts';
import { lastVersions, summarizeEngagement } from './engagement.ts';
import { SlideSummaryTable } from './SlideSummaryTable.tsx';
import { latest } from '../timeText.ts';
import { versionNames } from '../versions/versionNames.ts';
import { versionTitle } from '../versions/VersionLabel.tsx';
import { useSlideRefs } from './useSlideRefs.ts';
import { useVersionViews } from './useVersionViews.ts';
import { useViewTally } from './useViewTally.ts';
import type { TallySource } from './viewTallyLoad.ts';
import { ViewerDetail } from './ViewerDetail.tsx';
import { ViewerTable } from './ViewerTable.tsx';
import { ViewsCsvButton } from './ViewsCsvButton.tsx';
import { DailyChart } from './DailyChart.tsx';
import { dailySeries } from './dailySeries.ts';
import { TotalsCsvButtons } from './TotalsCsvButtons.tsx';

interface EngagementSectionProps {
  client: Base44Client;
  /** The deck's versions, for the filter and the version each viewer last saw (null while loading; none: neither). */
  versions: DeckVersionList | null;
  tally: TallySource;
  now: Date;
  /** The console opened at another section: this one's first picture waits behind that section's. */
  later?: boolean;
}

const count = new Intl.NumberFormat('en');

/**
 * Per viewer (visits, time per slide, how far) and per slide (total, median, where viewers stop), and
 * the raw views as CSV. It holds its own sums, and is memoised, so news elsewhere in the console
 * does not draw its tables of every viewer again.
 */
export const EngagementSection = memo(function EngagementSection({ client, versions, tally, now: minute, later = false }: EngagementSectionProps) {
  const sums = useViewTally(client, tally, later);
  // The console's clock ticks each minute, but these times arrive live: one newer than the last tick must not read "in 1 minute".
  const now = latest(minute);
  const slides = useSlideRefs();
  const [versionId, setVersionId] = useState('');
  const byVersion = useVersionViews(client, versionId || null);
  // One version's records (a snapshot read when chosen), or the live sums of every version.
  const book = versionId ? byVersion.book : sums.book;
  const { revision } = sums;
  // The book is changed in place; `revision` says it changed.
  // Drawn once the registry has named the slides too: no picture of raw paths that the labels then replace.
  const engagement = useMemo(() => (book && slides.length > 0 ? summarizeEngagement(book, slides) : null), [book, revision, slides]);
  const labels = useMemo(() => new Map((engagement?.slides ?? []).map((slide) => [slide.path, slide.label])), [engagement]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [days, setDays] = useState(30);
  // Every viewer's visits: the deck's own days.
  const deckDays = useMemo(
    () =>
      engagement
        ? dailySeries(
            engagement.viewers.flatMap((one) => one.visits),
            now,
            days,
          )
        : null,
    [engagement, now, days],
  );
  const viewer = engagement?.viewers.find((candidate) => candidate.id === chosen) ?? engagement?.viewers[0];
  const names = useMemo(() => versionNames(versions), [versions]);
  // One version's records end, for every viewer, on that version: the version last seen comes from every version's live sums.
  const everyVersion = sums.book;
  const lastSeen = useMemo(() => (versionId && everyVersion ? lastVersions(everyVersion) : undefined), [versionId, everyVersion, revision]);

  return (
    <section className="admin-section" aria-labelledby="admin-engagement">
      <h2 id="admin-engagement" tabIndex={-1}>
        Engagement
      </h2>
      <p className="admin-section__lead">
        Time each viewer spent on each slide, counted only while the deck was visible and they were active. Views arrive when a viewer leaves the deck or every
        30 seconds while they read.
      </p>
      {versions && versions.versions.length > 0 ? (
        <p className="engagement-version">
          <label htmlFor="engagement-version">Version</label>{' '}
          <select id="engagement-version" value={versionId} onChange={(event) => setVersionId(event.target.value)}>
            <option value="">Every version</option>
            {versions.versions.map((version) => (
              <option key={version.id} value={version.id}>
                {versionTitle(names.get(version.id)!)}
              </option>
            ))}
          </select>{' '}
          <span role="status">
            {versionId ? (byVersion.loading ? 'Loading that version’s views…' : 'Views of that version only, as they were when chosen.') : ''}
          </span>
        </p>
      ) : null}
      {byVersion.error ? (
        <p className="admin-alert" role="alert">
          That version&rsquo;s views did not load: {byVersion.error}
        </p>
      ) : null}
      {sums.error ? (
        <p className="admin-alert" role="alert">
          {sums.error}
        </p>
      ) : null}
      {!engagement ? (
        sums.error ? null : (
          <p className="admin-empty">Loading views…</p>
        )
      ) : engagement.viewers.length === 0 ? (
        <p className="admin-empty">
          {versionId
            ? 'No views of this version were recorded.'
            : 'No views recorded yet. With recording on (see Settings), each viewer’s time per slide appears here within seconds of them leaving the deck.'}
        </p>
      ) : (
        <>
          <div className="engagement-summary" data-view-records={engagement.records}>
            <p>
              {count.format(engagement.viewers.length)} {engagement.viewers.length === 1 ? 'viewer' : 'viewers'}, {count.format(engagement.records)} view
              records.
            </p>
            <div className="engagement-downloads">
              <ViewsCsvButton views={client.entities[ENGAGEMENT_ENTITY.view]!} labels={labels} records={engagement.records} />
              <TotalsCsvButtons engagement={engagement} />
            </div>
          </div>
          <div className="engagement-over-time">
            <div className="engagement-over-time__head">
              <h3 className="admin-subheading">Over time</h3>
              <p>
                <label htmlFor="engagement-days">Days</label>{' '}
                <select id="engagement-days" value={days} onChange={(event) => setDays(Number(event.target.value))}>
                  {[14, 30, 90].map((count) => (
                    <option key={count} value={count}>
                      Last {count} days
                    </option>
                  ))}
                </select>
              </p>
            </div>
            {deckDays ? <DailyChart series={deckDays} who="every viewer" captionId="engagement-days-deck" /> : null}
          </div>
          <div className="engagement-layout">
            <ViewerTable engagement={engagement} chosenId={viewer?.id} onChoose={setChosen} now={now} versionNames={names} lastSeen={lastSeen} />
            {viewer ? (
              <ViewerDetail
                viewer={viewer}
                slides={engagement.slides}
                deckLength={engagement.deckLength}
                now={now}
                versionNames={names}
                lastVersion={lastSeen ? (lastSeen.get(viewer.id) ?? null) : viewer.lastVersion}
                days={days}
              />
            ) : null}
          </div>
          <SlideSummaryTable bySlide={engagement.bySlide} viewers={engagement.viewers.length} />
        </>
      )}
    </section>
  );
});
