import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { DeckOptions } from '../../schemas/engagementPaths.ts';
import type { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import { slideAtPath } from '../registry/slideRegistry.ts';
import type { Base44Client } from '../sdk/index.ts';
import type { ViewerChanges } from '../../schemas/versionPaths.ts';
import { askChanges } from './askChanges.ts';
import { currentDevice } from './device.ts';
import Recording from './Recording.tsx';
import { useDeckOptions } from './useDeckOptions.ts';
import { usePresence } from './usePresence.ts';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';

// The recorder comes with this chunk (one request fewer on a first visit); the watermark, with its
// stylesheet, loads only while it is on.
const Watermark = lazy(() => import('./Watermark.tsx'));

/** The admitted person, as engagement needs them. */
export interface EngagementViewer {
  id?: string | undefined;
  email?: string | undefined;
  role?: string | undefined;
}

/** What the deck hands engagement: the session's client, the person, and where the options go. */
export interface EngagementProps {
  client: Base44Client;
  user: EngagementViewer;
  /** Each time the options are read (the deck shows Download PDF from them). */
  onOptions(options: DeckOptions): void;
  /** The access socket's registry (src/auth/accessSocketUsers.ts), which lives in the deck's first chunk. */
  share: typeof shareAccessSocket;
  /** The deck is in present mode (on a projector, likely): an admin's own email stays off the slides then. */
  presenting?: boolean;
  /** What changed since the viewer's last visit, when anything did. */
  onChanges?(changes: ViewerChanges): void;
  /** An admin changed this person's Prepared-for: the partner they are now pitched as. */
  onPartner?(partner: ViewerPartner): void;
  /** An admin's "View as" page: the person's watermark, but nothing recorded, reported or asked as them. */
  viewAs?: boolean;
}

/**
 * The viewer's side of engagement on the platform, loaded once the person is admitted: the deck's
 * options read and followed live, their slide reported to the live list, their time per slide
 * recorded while recording is on, and the watermark while it is on. Admins are neither reported nor
 * recorded: the owners' own looks are not engagement. An admin presenting gets no watermark either:
 * the audience would read the presenter's email on every slide.
 */
export default function Engagement({ client, user, onOptions, share, presenting = false, onChanges, onPartner, viewAs = false }: EngagementProps) {
  const [location] = useLocation();
  const path = slideAtPath(location)?.path ?? null;
  const options = useDeckOptions(client, share, user.id, onPartner);
  const viewer = user.role !== 'admin' && !viewAs;
  const device = useMemo(() => currentDevice(), []);
  usePresence(viewer ? path : null, device, viewer, share);
  useEffect(() => {
    if (options) onOptions(options);
  }, [options, onOptions]);
  // Only where visits are recorded can "since your last visit" mean anything; never while presenting.
  const ask = viewer && !presenting && options?.recording === true && onChanges;
  useEffect(() => (ask ? askChanges(client, ask) : undefined), [client, ask]);
  return (
    <Suspense fallback={null}>
      {viewer && options?.recording && <Recording client={client} path={path} device={device} />}
      {options?.watermark && user.email && (viewer || viewAs || !presenting) && <Watermark email={user.email} />}
    </Suspense>
  );
}
