import { useCallback, useEffect, useState } from 'react';
import { ACCESS_ENTITY, ADMIN_CONSOLE_LABEL, ADMIN_PATH } from '../../schemas/accessPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { AccessRequestsSection } from './people/AccessRequestsSection.tsx';
import { AuditSection } from './AuditSection.tsx';
import { AgreementSection } from './AgreementSection.tsx';
import { ConsultationsSection } from './people/ConsultationsSection.tsx';
import { DomainsSection } from './people/DomainsSection.tsx';
import { EngagementSection } from './engagement/EngagementSection.tsx';
import { InviteSection } from './people/InviteSection.tsx';
import { LiveSection } from './engagement/LiveSection.tsx';
import { PeopleSection } from './people/PeopleSection.tsx';
import { QuestionsSection } from './questions/QuestionsSection.tsx';
import { unanswered } from './questions/questionFilters.ts';
import { QUESTION_ENTITY, type QuestionRecord } from '../../schemas/questionPaths.ts';
import type { Person } from './people/people.ts';
import type { AccessRequestRecord, ConsultationRecord } from './people/requests.ts';
import { onServerClock, serverNow, syncServerClock } from './serverClock.ts';
import { SettingsSection } from './SettingsSection.tsx';
import { WebhookSection } from './WebhookSection.tsx';
import { READY_SECTION_ID, readinessLine, ReadySection } from './readiness/ReadySection.tsx';
import { useReadiness } from './readiness/useReadiness.ts';
import { usePresence } from './engagement/usePresence.ts';
import { useRecords } from './useRecords.ts';
import { useSectionFromHash } from './useSectionFromHash.ts';
import { useVersionList, type VersionSource } from './versions/useVersionList.ts';
import { VersionsSection } from './versions/VersionsSection.tsx';
import type { TallySource } from './engagement/viewTallyLoad.ts';
import './admin.css';

export interface AdminConsoleProps {
  client: Base44Client;
  /** The admin using it (they may not revoke themself). */
  user: { id?: string | undefined; email?: string | undefined };
  /** The engagement tally; the route asked for it beside this chunk, so it arrives sooner. */
  tally: TallySource;
  /** The deck's versions, asked for by the route likewise. */
  versions: VersionSource;
}

/**
 * Now by the server's clock (serverClock.ts), which wrote every time the console shows; it ticks
 * each minute so relative times ("5 minutes ago") move on while the console stays open.
 */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date(serverNow()));
  useEffect(() => {
    const tick = () => setNow(new Date(serverNow()));
    const stop = onServerClock(tick);
    void syncServerClock();
    const timer = setInterval(tick, 60_000);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, []);
  return now;
}

/**
 * The admin console at ADMIN_PATH: invite, people, allowed domains, access and
 * consultation requests; who is viewing now, engagement per viewer and slide, the deck's switches. Loaded only for admins (AdminRoute imports it lazily), so no viewer
 * downloads it; requests arrive live over the entity rooms. The tab's title and the route
 * announcement come from the deck's RouteEffects, which knows the same rule (showsAdminConsole).
 */
export default function AdminConsole({ client, user, tally, versions: versionSource }: AdminConsoleProps) {
  const now = useMinuteClock();
  // A new object each time, so choosing the same person twice fills the form twice.
  const [again, setAgain] = useState<{ person: Person } | null>(null);
  const inviteAgain = useCallback((person: Person) => setAgain({ person }), []);
  const people = useRecords<Person>(client.entities.User!);
  const requests = useRecords<AccessRequestRecord>(client.entities[ACCESS_ENTITY.accessRequest]!, true);
  const consultations = useRecords<ConsultationRecord>(client.entities[ACCESS_ENTITY.consultation]!, true);
  const questions = useRecords<QuestionRecord>(client.entities[QUESTION_ENTITY]!, true);
  const waiting = unanswered(questions.records);
  const presence = usePresence(client);
  const versions = useVersionList(versionSource);
  const readiness = useReadiness(client);
  // Opened at a section other than Engagement (#admin-versions): that section's first picture comes before the engagement's.
  const [engagementLater] = useState(() => window.location.hash !== '#admin-engagement');
  useSectionFromHash();
  const watching = presence.viewers?.length ?? 0;
  const pending = (requests.records ?? []).filter((request) => (request.status ?? 'pending') === 'pending').length;
  return (
    <div className="admin" data-route={ADMIN_PATH}>
      <header className="admin__header">
        <h1 className="admin__title" tabIndex={-1}>
          {ADMIN_CONSOLE_LABEL}
        </h1>
        <p className="admin__lead">Who may see this deck, for how long, who is asking, and how they read it.</p>
        <p className={`admin__ready${readiness.readiness?.ready ? ' admin__ready--ready' : ''}`}>
          <a href={`#${READY_SECTION_ID}`}>{readinessLine(readiness)}</a>
        </p>
        <nav aria-label="Console sections" className="admin__nav">
          <a href={`#${READY_SECTION_ID}`}>Ready to share</a>
          <a href="#admin-invite">Invite</a>
          <a href="#admin-people">People</a>
          <a href="#admin-live">Live{watching > 0 ? ` (${watching} viewing)` : ''}</a>
          <a href="#admin-engagement">Engagement</a>
          <a href="#admin-questions">Questions{waiting > 0 ? ` (${waiting} unanswered)` : ''}</a>
          <a href="#admin-domains">Domains</a>
          <a href="#admin-requests">Requests{pending > 0 ? ` (${pending} waiting)` : ''}</a>
          <a href="#admin-consultations">Consultations</a>
          <a href="#admin-settings">Settings</a>
          <a href="#admin-webhook">Webhook</a>
          <a href="#admin-agreement">Agreement</a>
          <a href="#admin-versions">Versions</a>
          <a href="#admin-audit">Audit log</a>
        </nav>
      </header>
      <ReadySection client={client} state={readiness} />
      <InviteSection client={client} onInvited={() => void people.reload()} again={again} readiness={readiness.readiness} />
      <PeopleSection client={client} people={people} selfId={user.id} onInviteAgain={inviteAgain} now={now} />
      <LiveSection presence={presence} now={now} />
      <EngagementSection client={client} versions={versions.list} tally={tally} now={now} later={engagementLater} />
      <QuestionsSection client={client} questions={questions} now={now} />
      <DomainsSection client={client} now={now} />
      <AccessRequestsSection client={client} requests={requests} onDecided={() => void people.reload()} now={now} />
      <ConsultationsSection client={client} consultations={consultations} now={now} />
      <SettingsSection client={client} />
      <WebhookSection client={client} now={now} />
      <AgreementSection client={client} people={people.records} now={now} />
      <VersionsSection versions={versions} now={now} />
      <AuditSection client={client} now={now} />
    </div>
  );
}
