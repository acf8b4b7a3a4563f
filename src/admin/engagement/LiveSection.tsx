import type { PresenceViewer } from '../../../schemas/engagementPaths.ts';
import { deviceLabel } from './durationText.ts';
import type { SlideRef } from './engagement.ts';
import { EmailText } from '../EmailText.tsx';
import { chartLabel } from './SlideTimeChart.tsx';
import { latest } from '../timeText.ts';
import { Nothing, RelativeTime } from '../TimeText.tsx';
import type { Presence } from './usePresence.ts';
import { useSlideRefs } from './useSlideRefs.ts';
import { AdminTable } from '../AdminTable.tsx';

/** Where a viewer is: the slide's place and label, or its path when the registry does not know it. */
function slideText(path: string | null, slides: readonly SlideRef[]): string | null {
  if (path === null) return null;
  const slide = slides.find((candidate) => candidate.path === path);
  return slide ? chartLabel(slide) : path;
}

/** Who has the deck open right now and on which slide, from the admins' presence room. */
export function LiveSection({ presence, now: minute }: { presence: Presence; now: Date }) {
  // The console's clock ticks each minute, but these times arrive live: one newer than the last tick must not read "in 1 minute".
  const now = latest(minute);
  const slides = useSlideRefs();
  const viewers = presence.viewers;
  return (
    <section className="admin-section" aria-labelledby="admin-live">
      <h2 id="admin-live" tabIndex={-1}>
        Live
      </h2>
      <p className="admin-section__lead">Who has the deck open right now, and on which slide. It changes as they move.</p>
      {presence.unreachable ? (
        <p className="admin-alert" role="alert">
          The live list can’t reach the platform right now; it keeps trying{viewers ? ', and shows who was viewing when it last heard' : ''}.
        </p>
      ) : null}
      {viewers === null ? (
        <p className="admin-empty" role="status">
          {presence.unreachable ? 'Nobody can be listed until it reconnects.' : 'Connecting…'}
        </p>
      ) : viewers.length === 0 ? (
        <p className="admin-empty" role="status">
          Nobody is viewing the deck right now. When an invited viewer opens it, they appear here and you get a notice wherever you are in the deck.
        </p>
      ) : (
        <AdminTable
          id="admin-live-caption"
          caption={`Viewing now (${viewers.length})`}
          columns={['Viewer', 'On slide', 'Since', 'Device', 'Opened the deck']}
          className="live-table"
        >
          {viewers.map((viewer: PresenceViewer) => (
            <tr key={viewer.user_id} data-viewer={viewer.email} data-path={viewer.path ?? ''}>
              <th scope="row">
                <span className="admin-table__person">
                  <EmailText email={viewer.email} />
                  {viewer.full_name ? <span className="admin-table__name">{viewer.full_name}</span> : null}
                </span>
              </th>
              <td>{slideText(viewer.path, slides) ?? <Nothing />}</td>
              <td>
                <RelativeTime iso={viewer.since} now={now} />
              </td>
              <td>{viewer.device ? deviceLabel(viewer.device) : <Nothing />}</td>
              <td>
                <RelativeTime iso={viewer.opened_at} now={now} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
