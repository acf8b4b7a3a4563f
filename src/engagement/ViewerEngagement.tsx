import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import type { DeckOptions } from '../../schemas/engagementPaths.ts';
import { slideAtPath } from '../registry/slideRegistry.ts';
import type { Base44Client } from '../sdk/index.ts';
import { usePresence } from './usePresence.ts';

// Each loads only when its switch is on (and the watermark's only for a signed-in person): a
// viewer's first visit carries none of them.
const Recording = lazy(() => import('./Recording.tsx'));
const Watermark = lazy(() => import('./Watermark.tsx'));

/** The admitted person, as engagement needs them. */
export interface EngagementViewer {
  email?: string | undefined;
  role?: string | undefined;
}

/**
 * The viewer's side of engagement on the platform: their slide reported to the live list, their
 * time per slide recorded while recording is on, and the watermark while it is on. Admins are
 * neither reported nor recorded: the owners' own looks are not engagement.
 */
export function ViewerEngagement({ client, user, options }: { client: Base44Client; user: EngagementViewer; options: DeckOptions | null }) {
  const [location] = useLocation();
  const path = slideAtPath(location)?.path ?? null;
  const viewer = user.role !== 'admin';
  usePresence(viewer ? path : null, viewer);
  return (
    <Suspense fallback={null}>
      {viewer && options?.recording && <Recording client={client} path={path} />}
      {options?.watermark && user.email && <Watermark email={user.email} />}
    </Suspense>
  );
}
