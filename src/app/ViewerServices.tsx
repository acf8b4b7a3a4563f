import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { GateSession } from '../auth/AuthGate.tsx';
import { ViewerContext, type ViewerContextValue } from '../components/ViewerContext.tsx';
import { DeckUserContext, type DeckUserState } from '../deck/DeckUserContext.tsx';
import { usePresentMode } from '../deck/present/presentMode.ts';
import { ACTIVITY_EVENTS, onActivityOrIdle } from '../auth/onActivityOrIdle.ts';
import { DECK_PDF_PATH, type DeckOptions } from '../../schemas/engagementPaths.ts';
import type { ViewerChanges } from '../../schemas/versionPaths.ts';
import { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import { loadPlatformViewer } from './loadPlatformViewer.ts';
import { servedPartner } from './servedPartner.ts';
import type { ViewedPerson } from './viewAs.ts';
import { VIEW_AS_PARAM } from '../../schemas/viewAs.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';

// Loaded once the person is admitted on the platform, never on the standalone deck; it comes with the
// session's chunk, so by then it is already in.
const Engagement = lazy(() => loadPlatformViewer().then((module) => ({ default: module.Engagement })));
// Only for a returning viewer with changed figures to be told of.
const WhatChanged = lazy(() => import('./versions/WhatChanged.tsx'));
// A viewer's questions: loaded once they are active (or idle a while) or ask, never in a first visit.
const Questions = lazy(() => import('../questions/QuestionsLayer.tsx'));
// Only on an admin's "View as" page.
const ViewAsBar = lazy(() => import('./ViewAsBar.tsx'));

/**
 * Hands the admitted viewer, and what they may do through the platform, to the deck's layers as
 * plain functions: the deck's account menu (DeckUserContext) and the slide components (ViewerContext)
 * never see the SDK. Standalone there is no client, so neither gets an action.
 */
export function ViewerServices({ session, viewing = null, children }: { session: GateSession; viewing?: ViewedPerson | null; children: ReactNode }) {
  const { user, logout, client } = session;
  const userId = user?.id;
  // Engagement reads the deck's switches once the person is admitted; the header shows
  // Download PDF when they offer it and the platform has an export to stamp (offered
  // without one, the control led nowhere).
  const [offered, setOffered] = useState(false);
  const onOptions = useCallback((options: DeckOptions) => setOffered(options.downloads), []);
  const downloads = usePdfReady(offered ? client : null);
  const presenting = usePresentMode();
  const [changes, setChanges] = useState<ViewerChanges | null>(null);
  // An admin's edit of the Prepared-for, pushed over the socket (Engagement follows it), wins over the record read at sign-in.
  const [livePartner, setLivePartner] = useState<ViewerPartner | null>(null);
  const partner = usePartner(user, livePartner);
  const asker = client && userId && user?.role !== 'admin' ? client : null;
  const { asks, questionsOn, ask } = useQuestionsEntry(asker !== null);

  const deckUser = useMemo<DeckUserState>(() => {
    // "View as" downloads the person's own PDF (stamped with the admin's address), and changes no password.
    const pdf = viewing ? `${DECK_PDF_PATH}?${VIEW_AS_PARAM}=${encodeURIComponent(viewing.id)}` : DECK_PDF_PATH;
    const state: DeckUserState = {
      user,
      ...(logout && { logout }),
      ...(downloads && userId && { downloadPdf: pdf }),
      ...(asker && { askQuestion: ask }),
    };
    if (client && userId && !viewing) {
      state.changePassword = ({ currentPassword, newPassword }) =>
        // The SDK keeps the fresh token the platform hands back, so the session carries on.
        client.auth.changePassword({ userId, currentPassword, newPassword }).then(() => undefined, refused);
    }
    return state;
  }, [user, userId, logout, client, downloads, asker, ask, viewing]);

  const viewer = useMemo<ViewerContextValue>(() => {
    const value: ViewerContextValue = { partner };
    // Only a signed-in viewer can leave a request the admins can answer (never an admin as someone else).
    if (client && userId && !viewing) {
      value.requestConsultation = (request) => client.entities.ConsultationRequest!.create({ ...request }).then(() => undefined, refused);
    }
    return value;
  }, [partner, userId, client, viewing]);

  return (
    <DeckUserContext.Provider value={deckUser}>
      <ViewerContext.Provider value={viewer}>
        {children}
        {client && user && userId && (
          <Suspense fallback={null}>
            {/* The access socket's registry is handed in so it stays in the deck's first chunk, which the access guard shares. */}
            <Engagement
              client={client}
              user={user}
              onOptions={onOptions}
              share={shareAccessSocket}
              presenting={presenting}
              onChanges={setChanges}
              onPartner={setLivePartner}
              viewAs={viewing !== null}
            />
            {changes && <WhatChanged changes={changes} />}
            {viewing && <ViewAsBar email={viewing.email} partner={partner} />}
            {asker && questionsOn && <Questions client={asker} userId={userId} asks={asks} presenting={presenting} share={shareAccessSocket} />}
          </Suspense>
        )}
      </ViewerContext.Provider>
    </DeckUserContext.Provider>
  );
}

/** A failed call as the viewer's dialogs show it; the words come with the first failure, not the first visit. */
function refused(error: unknown): Promise<never> {
  return import('../components/forms/formErrorOf.ts').then(({ formErrorOf }) => Promise.reject(formErrorOf(error)));
}

/**
 * When the questions layer loads (once the viewer is active or idle a while, or asks), and each ask
 * (Ask, or Q through the deck's keys): `asks` counts them, so each opens the form once the layer is in.
 */
function useQuestionsEntry(on: boolean) {
  const [asks, setAsks] = useState(0);
  const [questionsOn, setQuestionsOn] = useState(false);
  const ask = useCallback(() => setAsks((count) => count + 1), []);
  useEffect(() => (on ? onActivityOrIdle(ACTIVITY_EVENTS, () => setQuestionsOn(true), 8000) : undefined), [on]);
  return { asks, questionsOn: questionsOn || asks > 0, ask };
}

/** How often the deck asks again while the platform says the PDF is being exported. */
const PDF_EXPORTING_RECHECK_MS = 5000;

/**
 * Whether the platform can serve the stamped PDF now; false while not asked (no client) or when it
 * cannot say. While the platform says the PDF is being exported (the first minute of `npm start`), it
 * asks again every few seconds, so "Download PDF" appears once the PDF is there.
 */
function usePdfReady(client: GateSession['client']): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    if (!client) return undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      import('../deck/pdfStatus.ts')
        .then(({ fetchPdfStatus }) => fetchPdfStatus({ ...client.getConfig(), token: client.getToken() }))
        .then(
          (status) => {
            if (!live) return;
            setReady(status.offered && status.exported);
            if (status.offered && !status.exported && status.exporting) timer = setTimeout(ask, PDF_EXPORTING_RECHECK_MS);
          },
          () => undefined,
        );
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client]);
  return ready;
}

/**
 * The partner this viewer is pitched as: an admin's edit pushed over the socket, else what
 * the platform filled into the page as it served it (so hydration finds the same text; an admin's
 * "View as" keeps it, as only the admin's own edits are pushed to the admin), else, where no server filled it (a static host, standalone), the fallback from
 * the session's record or the deck-wide chunk. Null while unknown: slots stay empty.
 */
function usePartner(user: GateSession['user'], live: ViewerPartner | null): ViewerPartner | null {
  const served = servedPartner();
  const [fallback, setFallback] = useState<ViewerPartner | null>(null);
  useEffect(() => {
    if (!served) import('./partnerFallback.ts').then((module) => module.fallbackPartner(user)).then(setFallback, () => undefined);
  }, [served, user]);
  return live ?? served ?? fallback;
}
