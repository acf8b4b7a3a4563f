import { lazy, Suspense } from 'react';
import { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import type { EngagementProps } from './Engagement.tsx';

// Loaded once the person is admitted on the platform, never on the standalone deck.
const Engagement = lazy(() => import('./Engagement.tsx'));

/**
 * Mounts engagement (issue 12) for an admitted person. The access socket's registry is handed in
 * from here so it stays in the deck's first chunk, which the access guard's chunk shares, rather
 * than in a chunk of its own.
 */
export function ViewerEngagement(props: Omit<EngagementProps, 'share'>) {
  return (
    <Suspense fallback={null}>
      <Engagement {...props} share={shareAccessSocket} />
    </Suspense>
  );
}
